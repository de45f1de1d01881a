import { defineFamily, METERED_TRAITS } from '../define-family';
import type { FamilyMember } from '../define-family';
import { describeSettings } from '../device-settings';

// The spec gives no count; these units switch their outlets in three sequenced banks, and the
// bb232 addresses each bank as one outlet (sequencerid, outletid).
const BANKS = 3;

const sequencer = (devClass: FamilyMember['devClass'], displayName: string): FamilyMember => ({
  devClass,
  displayName,
  outletCount: BANKS,
  parentClasses: ['bb232'],
});

/**
 * CN-series sequencers, reached through a bb232 adapter. The console offers no sequence group
 * check for them, but they take sequence on/off: the bb232 runs their sequence (sequenceonoff,
 * spec §7), in the bank order and delays of their settings.
 */
export const sequencerFamily = defineFamily(
  'sequencer',
  {
    ...METERED_TRAITS,
    takesSequence: true,
    // the order and delays in which the unit switches its banks when its bb232 runs the sequence
    settings: describeSettings({
      events: ['outlet', 'cycle', 'power', 'sequence', 'fault', 'info'],
      sequenceGroup: 'Sequence - Group',
      cycleGroup: true,
      powerOn: true,
    }),
  },
  [
    sequencer('cn1800', 'CN-1800 sequencer'),
    sequencer('cn2400', 'CN-2400 sequencer'),
    sequencer('cn3600', 'CN-3600 sequencer'),
    sequencer('cnmp15', 'CN-MP15 sequencer'),
    sequencer('cnmp20', 'CN-MP20 sequencer'),
  ],
);
