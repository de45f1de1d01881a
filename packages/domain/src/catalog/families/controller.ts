import { defineFamily, METERED_TRAITS } from '../define-family';

/** Stand-alone IP outlet controllers with a meter and no further special panels. */
export const controllerFamily = defineFamily('controller', METERED_TRAITS, [
  // Spec gives no count; the M4000 is the M4315's sibling conditioner, so the same 8 outlets.
  { devClass: 'm4000', displayName: 'M4000 power conditioner', outletCount: 8 },
  // Spec gives no count; the "3" of SM3 read like the "3" of C3IP: three switched outlets.
  { devClass: 'sm3', displayName: 'SM3 switched outlet module', outletCount: 3 },
  { devClass: 'c3ip', displayName: 'C3IP outlet controller', outletCount: 3 },
]);
