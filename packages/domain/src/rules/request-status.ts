/** The three request-state sets of spec §4, each used by the slices the spec names. */

/** Admin list, groups, permission check, watch/mute toggles, add location, settings, delete location, client list. */
export const REQUEST_STATUSES = ['INIT', 'LOADING', 'SUCCESS', 'FAILURE'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Register device, wireless list and join device. */
export const REGISTRATION_STATUSES = ['idle', 'loading', 'success', 'failure'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The other set (spec spelling "IDEAL"). */
export const OPERATION_STATUSES = ['IDEAL', 'PROGRESS', 'SUCCESS', 'FAIL'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Spec §4: watch and mute toggles refuse while one is loading ('Please try after few seconds.'). */
export function isToggleBusy(status: RequestStatus): boolean {
  return status === 'LOADING';
}
