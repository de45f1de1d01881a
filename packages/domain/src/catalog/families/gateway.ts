import { ADAPTER_TRAITS, defineFamily } from '../define-family';

/**
 * BB1000: the wireless gateway that sp1000 and md2zb join through (spec §2 says they open their
 * parent; the bb1000 is the one class with no meter and no other role, so it is that parent).
 */
export const gatewayFamily = defineFamily(
  'gateway',
  ADAPTER_TRAITS,
  // Outlets belong to the joined wireless devices.
  [{ devClass: 'bb1000', displayName: 'BB1000 wireless gateway', outletCount: 0 }],
);
