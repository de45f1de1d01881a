import { ADAPTER_TRAITS, defineFamily } from '../define-family';

/** BB232: the RS-232 adapter whose children are the CN-series sequencers (spec §2, §7). */
export const bb232Family = defineFamily(
  'bb232',
  ADAPTER_TRAITS,
  // Outlets belong to the attached sequencers.
  [{ devClass: 'bb232', displayName: 'BB232 sequencer adapter', outletCount: 0 }],
);
