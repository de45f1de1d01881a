import { Group, Progress, Stack, Text } from '@mantine/core';
import type { FirmwarePhase, FirmwareUpgrade } from '@powerdeck/domain';
import { PhaseStepper, stepStates } from '../../../components/phase-stepper';
import {
  bytesText,
  firmwareTexts,
  PHASE_LABELS,
  SUCCESS_PHASES,
  upgradeStateText,
} from './firmware-texts';

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
  const current = reachedPhase(upgrade);
  const outcome = upgrade.phase === 'failed' ? 'failed' : current === 'done' ? 'done' : 'running';
  const states = stepStates(SUCCESS_PHASES.length, SUCCESS_PHASES.indexOf(current), outcome);
  const steps = SUCCESS_PHASES.map((phase, i) => {
    const state = states[i] ?? 'pending';
    let detail: string | undefined;
    if (state === 'current' && phase === 'downloading') detail = bytesText(upgrade);
    if (state === 'current' && phase === 'queued') detail = firmwareTexts.queuedHint;
    return { key: phase, label: PHASE_LABELS[phase], state, ...(detail ? { detail } : {}) };
  });
  return (
    <Stack gap="md">
      <PhaseStepper label="Upgrade phases" steps={steps} />
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
