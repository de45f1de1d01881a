import { defineFamily, METERED_TRAITS } from '../define-family';
import type { SequenceGroupLabel } from '../device-settings';
import { describeSettings } from '../device-settings';

const vtTraits = (groupLabel: SequenceGroupLabel) => ({
  ...METERED_TRAITS,
  sequence: { groupLabel },
  settings: describeSettings({
    events: ['outlet', 'cycle', 'power', 'sequence', 'fault', 'info'],
    sequenceGroup: groupLabel,
    cycleGroup: true,
    powerOn: true,
    clock: true,
  }),
});

/**
 * VT1512/VT4315 sequencing outlet controllers. Their sequence acts on a "Sequence - Group"
 * (vt1512) or on the outlets of the "DC Trigger" (vt4315), spec §8.
 */
export const vtFamily = {
  family: 'vt',
  specs: [
    ...defineFamily('vt', vtTraits('Sequence - Group'), [
      { devClass: 'vt1512', displayName: 'VT1512 power sequencer', outletCount: 12 },
    ]).specs,
    ...defineFamily('vt', vtTraits('DC Trigger'), [
      { devClass: 'vt4315', displayName: 'VT4315 power sequencer', outletCount: 8 },
    ]).specs,
  ],
} as const;
