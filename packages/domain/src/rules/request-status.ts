/** The request states of spec §4 the console's slices use. */

/** Admin list, groups, permission check, watch/mute toggles, add location, settings, delete location, client list. */
export const REQUEST_STATUSES = ['INIT', 'LOADING', 'SUCCESS', 'FAILURE'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Spec §4: watch and mute toggles refuse while one is loading ('Please try after few seconds.'). */
export function isToggleBusy(status: RequestStatus): boolean {
  return status === 'LOADING';
}
