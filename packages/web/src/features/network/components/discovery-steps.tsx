import { Loader, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { discoveryPhaseTexts, type DiscoveryRun } from '@powerdeck/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import classes from './discovery-steps.module.css';

/** The phases of a run that goes well, in order; a failed run stops at one of them. */
const STEPS = ['starting', 'scanning', 'found', 'done'] as const;
type Step = (typeof STEPS)[number];

type StepState = 'done' | 'current' | 'failed' | 'pending';

const STATE_WORDS: Record<StepState, string> = {
  done: 'completed',
  current: 'in progress',
  failed: 'failed',
  pending: 'not started',
};

/** Reasons a device gives before it scans at all. */
const BEFORE_SCAN = new Set(['offline', 'busy', 'notSupported']);

/** The step a failed run failed at: before the scan, during it, or after it found units. */
function failedAt(run: DiscoveryRun): Step {
  if (run.found !== null) return 'done';
  if (run.reason !== null && BEFORE_SCAN.has(run.reason)) return 'starting';
  return 'scanning';
}

function stepStates(run: DiscoveryRun): StepState[] {
  const current: Step = run.phase === 'failed' ? failedAt(run) : run.phase;
  const at = STEPS.indexOf(current);
  return STEPS.map((_, i) => {
    if (i < at || (i === at && current === 'done' && run.phase === 'done')) return 'done';
    if (i === at) return run.phase === 'failed' ? 'failed' : 'current';
    return 'pending';
  });
}

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

function stepLabel(step: Step, run: DiscoveryRun): string {
  if (step === 'found' && run.found !== null) {
    return `${discoveryPhaseTexts.found} ${run.found} unit${run.found === 1 ? '' : 's'}`;
  }
  return discoveryPhaseTexts[step];
}

/** A discovery run's phases as a stepper: starting → scanning → found N → done, or where it failed. */
export function DiscoverySteps({ run }: { run: DiscoveryRun }) {
  const states = stepStates(run);
  return (
    <ol className={classes.steps} aria-label="Discovery phases">
      {STEPS.map((step, i) => {
        const state = states[i] ?? 'pending';
        return (
          <li
            key={step}
            className={classes.step}
            data-state={state}
            aria-current={state === 'current' || state === 'failed' ? 'step' : undefined}
          >
            <div className={classes.track}>
              <StepIcon state={state} index={i} />
            </div>
            <Text
              size="sm"
              fw={state === 'pending' ? 400 : 600}
              c={state === 'pending' ? 'dimmed' : state === 'failed' ? 'red' : undefined}
            >
              {stepLabel(step, run)}
              <VisuallyHidden component="span"> ({STATE_WORDS[state]})</VisuallyHidden>
            </Text>
          </li>
        );
      })}
    </ol>
  );
}
