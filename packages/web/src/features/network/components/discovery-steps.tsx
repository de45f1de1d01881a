import { discoveryPhaseTexts, type DiscoveryRun } from '@powerdeck/domain';
import { PhaseStepper, stepStates } from '../../../components/phase-stepper';

/** The phases of a run that goes well, in order; a failed run stops at one of them. */
const STEPS = ['starting', 'scanning', 'found', 'done'] as const;
type Step = (typeof STEPS)[number];

/** Reasons a device gives before it scans at all. */
const BEFORE_SCAN = new Set(['offline', 'busy', 'notSupported']);

/** The step a failed run failed at: before the scan, during it, or after it found units. */
function failedAt(run: DiscoveryRun): Step {
  if (run.found !== null) return 'done';
  if (run.reason !== null && BEFORE_SCAN.has(run.reason)) return 'starting';
  return 'scanning';
}

function stepLabel(step: Step, run: DiscoveryRun): string {
  if (step === 'found' && run.found !== null) {
    return `${discoveryPhaseTexts.found} ${run.found} unit${run.found === 1 ? '' : 's'}`;
  }
  return discoveryPhaseTexts[step];
}

/** A discovery run's phases as a stepper: starting → scanning → found N → done, or where it failed. */
export function DiscoverySteps({ run }: { run: DiscoveryRun }) {
  const current: Step = run.phase === 'failed' ? failedAt(run) : run.phase;
  const outcome = run.phase === 'failed' ? 'failed' : run.phase === 'done' ? 'done' : 'running';
  const states = stepStates(STEPS.length, STEPS.indexOf(current), outcome);
  return (
    <PhaseStepper
      label="Discovery phases"
      steps={STEPS.map((step, i) => ({
        key: step,
        label: stepLabel(step, run),
        state: states[i] ?? 'pending',
      }))}
    />
  );
}
