import { CV_AUTO_STATUS_UPDATE_SECONDS } from '../../constants';
import { defineFamily, lastRefreshedColumn, NO_PANELS_BUT_OUTLETS } from '../define-family';
import { describeSettings } from '../device-settings';

/** CV2/CV3 network cards: the outlets panel shows the attached child's card and outlets. */
export const cvFamily = defineFamily(
  'cv',
  {
    bankLabelCount: 1,
    panels: { ...NO_PANELS_BUT_OUTLETS, infoButton: true, reboot: true },
    outletPanelTitle: 'Outlet Controls',
    editOutletsTitle: 'Edit Outlets',
    // The card has no meter of its own; its child's table carries the readings.
    statusColumns: () => [lastRefreshedColumn],
    powerConditionLabels: [],
    wireless: false,
    sequence: null,
    autoStatusUpdate: { param: 'dur', seconds: CV_AUTO_STATUS_UPDATE_SECONDS },
    // the card's own; its attached device's outlets are the attached device's settings
    settings: describeSettings({ events: ['ping', 'reboot', 'info'], clock: true }),
  },
  [
    // Outlets belong to the attached child, so the card itself has none.
    { devClass: 'cv2', displayName: 'CV2 network card', outletCount: 0 },
    { devClass: 'cv3', displayName: 'CV3 network card', outletCount: 0 },
  ],
);
