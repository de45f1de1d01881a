import { Group, Loader, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { FirmwarePhase, FirmwareUpgrade } from '@powerdeck/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  bytesText,
  firmwareTexts,
  PHASE_LABELS,
  SUCCESS_PHASES,
  upgradeStateText,
} from './firmware-texts';
import classes from './upgrade-progress.module.css';

type StepState = 'done' | 'current' | 'failed' | 'pending';

type SuccessPhase = (typeof SUCCESS_PHASES)[number];

const isSuccessPhase = (phase: FirmwarePhase): phase is SuccessPhase => phase !== 'failed';

/** The phase an upgrade is in, or for a failed one the last phase it entered before failing. */
function reachedPhase(upgrade: FirmwareUpgrade): SuccessPhase {
  if (isSuccessPhase(upgrade.phase)) return upgrade.phase;
  return (
    upgrade.steps
      .map((s) => s.phase)
      .filter(isSuccessPhase)
      .at(-1) ?? 'queued'
  );
}

function stepStates(upgrade: FirmwareUpgrade): StepState[] {
  const current = reachedPhase(upgrade);
  const at = SUCCESS_PHASES.indexOf(current);
  return SUCCESS_PHASES.map((_, i) => {
    if (i < at || (i === at && current === 'done')) return 'done';
    if (i === at) return upgrade.phase === 'failed' ? 'failed' : 'current';
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

const STATE_WORDS: Record<StepState, string> = {
  done: 'completed',
  current: 'in progress',
  failed: 'failed',
  pending: 'not started',
};

/** The bar of the whole upgrade, 0-100 (the download is most of it). */
function UpgradeBar({ upgrade, label }: { upgrade: FirmwareUpgrade; label: string }) {
  const color = upgrade.phase === 'failed' ? 'red' : upgrade.phase === 'done' ? 'teal' : 'blue';
  const running = upgrade.phase !== 'failed' && upgrade.phase !== 'done';
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress
        value={upgrade.progress}
        color={color}
        striped={running}
        animated={running}
        size="lg"
        radius="xl"
        style={{ flex: 1 }}
        aria-label={label}
      />
      <Text size="sm" w={44} ta="right" c="dimmed">
        {Math.round(upgrade.progress)}%
      </Text>
    </Group>
  );
}

/**
 * One upgrade's phases as a stepper (queued → downloading → verifying → installing → rebooting →
 * done), the step it is in or failed in marked, the download's bytes, the bar of the whole upgrade
 * and, when it failed, the spec's reason.
 */
export function UpgradeSteps({ upgrade }: { upgrade: FirmwareUpgrade }) {
  const states = stepStates(upgrade);
  return (
    <Stack gap="md">
      <ol className={classes.steps} aria-label="Upgrade phases">
        {SUCCESS_PHASES.map((phase, i) => {
          const state = states[i] ?? 'pending';
          let detail: string | undefined;
          if (state === 'current' && phase === 'downloading') detail = bytesText(upgrade);
          if (state === 'current' && phase === 'queued') detail = firmwareTexts.queuedHint;
          return (
            <li
              key={phase}
              className={classes.step}
              data-phase={phase}
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
                  c={state === 'pending' ? 'dimmed' : undefined}
                >
                  {PHASE_LABELS[phase]}
                  <VisuallyHidden component="span"> ({STATE_WORDS[state]})</VisuallyHidden>
                </Text>
                {detail && (
                  <Text size="xs" c={state === 'failed' ? 'red' : 'dimmed'}>
                    {detail}
                  </Text>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <UpgradeBar upgrade={upgrade} label="Upgrade progress" />
    </Stack>
  );
}

/** One upgrade in a line: where it stands in words above the bar of the whole upgrade. */
export function UpgradeLine({ upgrade, name }: { upgrade: FirmwareUpgrade; name: string }) {
  const text =
    upgrade.phase === 'queued'
      ? `${PHASE_LABELS.queued} · ${firmwareTexts.queuedHint}`
      : upgradeStateText(upgrade);
  return (
    <Stack gap={4}>
      <Text size="sm" c={upgrade.phase === 'failed' ? 'red' : 'dimmed'}>
        {text}
      </Text>
      <UpgradeBar upgrade={upgrade} label={`Upgrade progress of ${name}`} />
    </Stack>
  );
}
