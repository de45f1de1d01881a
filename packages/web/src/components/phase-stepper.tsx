import { Loader, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import classes from './phase-stepper.module.css';

export type StepState = 'done' | 'current' | 'failed' | 'pending';

export interface PhaseStep {
  /** The phase's key, on the step as `data-phase`. */
  key: string;
  label: string;
  state: StepState;
  /** A line under the label (bytes downloaded, a hint). */
  detail?: string;
}

/**
 * The states of a run's steps when it has reached step `at`: the steps before it done, it in
 * progress, done or failed by the run's `outcome`, the rest not started.
 */
export function stepStates(
  count: number,
  at: number,
  outcome: 'running' | 'done' | 'failed',
): StepState[] {
  return Array.from({ length: count }, (_, i) => {
    if (i < at) return 'done';
    if (i > at) return 'pending';
    return outcome === 'running' ? 'current' : outcome;
  });
}

const STATE_WORDS: Record<StepState, string> = {
  done: 'completed',
  current: 'in progress',
  failed: 'failed',
  pending: 'not started',
};

function StepIcon({ state, index }: { state: StepState; index: number }) {
  if (state === 'done')
    return (
      <ThemeIcon radius="xl" size={28} color="teal">
        <IconCheck size={16} aria-hidden />
      </ThemeIcon>
    );
  if (state === 'failed')
    return (
      <ThemeIcon radius="xl" size={28} color="red">
        <IconX size={16} aria-hidden />
      </ThemeIcon>
    );
  if (state === 'current')
    return (
      <ThemeIcon radius="xl" size={28} variant="light">
        <Loader size={14} aria-hidden />
      </ThemeIcon>
    );
  return (
    <ThemeIcon radius="xl" size={28} variant="default" c="dimmed">
      <Text size="xs" fw={600} aria-hidden>
        {index + 1}
      </Text>
    </ThemeIcon>
  );
}

/**
 * The phases of a long operation (a firmware upgrade, a discovery) as a stepper: each step's
 * state as an icon and in words for screen readers, the step in progress or failed marked as the
 * current one.
 */
export function PhaseStepper({ label, steps }: { label: string; steps: readonly PhaseStep[] }) {
  return (
    <ol className={classes.steps} aria-label={label}>
      {steps.map(({ key, label: stepLabel, state, detail }, i) => (
        <li
          key={key}
          className={classes.step}
          data-phase={key}
          data-state={state}
          aria-current={state === 'current' || state === 'failed' ? 'step' : undefined}
        >
          <div className={classes.track}>
            <StepIcon state={state} index={i} />
          </div>
          <div>
            <Text
              size="sm"
              fw={state === 'pending' ? 400 : 600}
              c={state === 'pending' ? 'dimmed' : state === 'failed' ? 'red' : undefined}
            >
              {stepLabel}
              <VisuallyHidden component="span"> ({STATE_WORDS[state]})</VisuallyHidden>
            </Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
