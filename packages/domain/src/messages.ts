/**
 * The error catalogue of spec §8 and the other texts the spec quotes, word for word (its typos
 * included: "successfuly", "occured", "cant", "dont"). Validation messages live with their
 * schemas in `validation/`, permission messages in `permissions/`.
 */
export const messages = {
  // Generic
  error: 'ERROR',
  adminFetchFailed: 'Some error occurred during fetching the data.',
  loadDeviceInfoFailed: 'Error while loading device information.',
  loadKidsInfoFailed: 'Error while loading kids device information',
  tryAgain: 'Try Again',
  pleaseTryAfterFewSeconds: 'Please try after few seconds.',
  featureNotAvailable: 'This feature is not available as of now.',

  // Location
  locationNotAdded: 'Location can not be added',
  locationAdded: 'Location added successfully',
  locationsEmpty: 'Your locations list is currently empty.',
  checkingNetwork: 'Checking Network...',
  notAvailable: 'N/A',
  primaryContactNotAssigned: 'Primary contact not assigned',

  // Watchlist
  watchRemoved: 'Location removed from Watchlist',
  watchAdded: 'Location added to Watchlist',
  watchRemoveFailed: 'Location cant be removed from Watchlist',
  watchAddFailed: 'Location cant be added to Watchlist',
  // A device's eye: the spec (§8) words only the location texts; these are their device analogues.
  deviceWatchRemoved: 'Device removed from Watchlist',
  deviceWatchAdded: 'Device added to Watchlist',
  deviceWatchRemoveFailed: 'Device cant be removed from Watchlist',
  deviceWatchAddFailed: 'Device cant be added to Watchlist',

  // Mute
  unmuted: 'Notifications unmuted successfully',
  muted: 'Notifications muted successfully',
  unmuteFailed: 'Notifications can not be unmuted',
  muteFailed: 'Notifications can not be muted',

  // Device registration
  deviceAdded: 'New device has been added successfuly',
  deviceAddFailed: 'ERROR: Please check MAC ID or Challenge Key',
  noWirelessDevices: 'No wireless devices found in your network',
  retryAgain: 'Retry Again',
  somethingWentWrong: 'Something went wrong. Please try again.',

  // Device control
  someErrorOccured: 'Some error occured',
  setOutletFailed: 'failed to execute command.',
  sequenceCommandFailed: 'Failed to execute command',
  outletStatusEmpty: 'Outlet Status is empty.',
  deviceSettingsFailed: 'Error fetching device settings',
  deviceInactive: 'This device is currently inactive.',

  // Sequence
  allOutletsAlreadyOnOff: 'All outlets are already on/off',
  noOutletInSequenceGroup:
    'No outlet selected in Sequence - Group to process sequence on/off operation.',
  /** vt4315: the spec's "or 'DC Trigger'" read as the same sentence naming the DC Trigger. */
  noOutletInDcTrigger: 'No outlet selected in DC Trigger to process sequence on/off operation.',
  sequenceFailed: 'Sequence on/off operation failed.',

  // Alerts
  unsubscribeFailed: 'There was an error unsubscribing alert or you have already unsubscribed.',
  markReadFailed: 'Error marking notification as read.',
  unsubscribed: 'Unsubscribed from alert successfully.',
  noAlerts: 'No alerts.',
  noNotifications: 'No notifications',
  markAsRead: 'Mark as Read',
  markAllAsRead: 'Mark all as read',
  unsubscribe: 'Unsubscribe',

  // Rename
  renameFailed: 'Error while renaming device',
  renamed: 'Device renamed successfully',

  // dc12ip faults (Meter `sol`)
  outputOverloaded: 'Output(s) Overloaded',
  dcSupplyFault: '12V DC Supply Fault',
  lineNeutralFault: 'Line Neutral Fault',

  // Search
  noResults: 'No results found.',
  searchPlaceholder: 'Search',

  // Routes
  pageNotFound: 'Page not found',
  redirectingHome: 'Automatically redirecting you to home page.',
  loginCredentialsChanged: 'Your login credentials have been changed.',

  // Saves the spec words no text for (issue 18: every save says whether it worked), in the
  // spec's own forms ('… successfully', '… can not be …').
  groupCreated: 'Group created successfully',
  groupUpdated: 'Group updated successfully',
  groupDeleted: 'Group deleted successfully',
  groupNotCreated: 'Group can not be created',
  groupNotUpdated: 'Group can not be updated',
  groupNotDeleted: 'Group can not be deleted',
  outletsUpdated: 'Outlets updated successfully',
  outletsNotUpdated: 'Outlets can not be updated',

  // Monitoring
  monitoringPausedTitle: 'Monitoring Paused',
  monitoringPaused:
    'Monitoring has been paused due to inactivity. Click OK if you want to resume monitoring.',

  // Notes
  notesLoading: 'Loading..',
  notesEmpty: 'Notes are not added for this location. Click on "+" to add notes.',
  discardUnsavedChanges: 'Do you want to discard the unsaved changes?',

  // Mobile
  mobileDeprecated: 'discontinued Feb 1, 2021',
} as const;

/** The reboot modal of a cv2 or cv3 card (spec §2). */
export function rebootCardTexts(card: 'cv2' | 'cv3'): { title: string; body: string } {
  const name = card.toUpperCase();
  return {
    title: `Reboot ${name}`,
    body: `Confirm reboot of the ${name} card? (Note this will not effect the attached device.)`,
  };
}
