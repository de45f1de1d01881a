/** Business constants and limits of spec §9, named in the spec's words. */

// Page sizes
/** All-locations list (table view), records per page. */
export const LOCATIONS_PAGE_SIZE = 18;
/** Scroll-loaded location cards, records per load. */
export const LOCATIONS_SCROLL_PAGE_SIZE = 12;
/** The next scroll page loads once the user is within this many pixels of the bottom. */
export const SCROLL_LOAD_THRESHOLD_PX = 100;
/** `locations svc=getDevices` recordsPerPage. */
export const DEVICE_LIST_PAGE_SIZE = 10000;
/** When replaceLastPageEntries is set, this many trailing location entries are replaced. */
export const REPLACE_LAST_PAGE_ENTRIES = 8;

// Limits
export const NAME_MAX_LENGTH = 40;
export const IMAGE_MAX_KB = 300;
export const IMAGE_MAX_BYTES = IMAGE_MAX_KB * 1024;
export const IMAGE_TYPES = ['jpeg', 'jpg', 'png', 'gif'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

// Location defaults
export const DEFAULT_TIMEZONE = '-8.00';
export const DEFAULT_VIEWPREF = 'outlet_controls';
export const VIEW_PREFS = ['outlet_controls', 'energy_management'] as const;

// Device commands
/** Auto status update length, seconds (`duration=900`). */
export const AUTO_STATUS_UPDATE_SECONDS = 900;
/** Auto status update length for cv2/cv3, seconds (`dur=300`). */
export const CV_AUTO_STATUS_UPDATE_SECONDS = 300;
/** Firmware whose cycle group is sent as `cycotlts` with outlets 1-8 instead of `cycgrp`. */
export const CYCLE_GROUP_FIRMWARE = '1.0.0';
/** @public Spec §9; no screen uses it yet (its screen is an open issue). */
export const CYCLE_GROUP_OUTLETS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Cycle and set states. */
export const OUTLET_OFF = 0;
export const OUTLET_ON = 1;
/** The switch state while a command is on its way (spec §4). */
export const OUTLET_IN_PROGRESS = 2;

// Monitoring and polling (ms), the same for kids as for their parents
export const CONTACT_POLL_MS = 300000;
export const STATUS_POLL_MS = 10000;
/** @public Spec §9; no screen uses it yet (its screen is an open issue). */
export const OUTLET_STATUS_POLL_MS = 2000;
/** How often the monitoring expiry is checked. */
export const MONITOR_EXPIRY_CHECK_MS = 200;
/**
 * The panel stays alive this long after the last user activity (15 minutes; the spec also
 * mentions 300000 ms without saying where it applies).
 */
export const MONITOR_KEEPALIVE_MS = 900000;
/** Data refresh while monitoring. */
export const DATA_REFRESH_MS = 2000;

// Timers (ms)
export const ALERT_POLL_MS = 60000;
export const TOAST_MS = 5000;
export const TOAST_EXTENDED_MS = TOAST_MS + 1000;
export const TOAST_POSITION = 'top-center';
export const SEARCH_DEBOUNCE_MS = 150;
/** Suggestions and auto-search start at this many characters. */
export const SEARCH_MIN_CHARS = 3;
/** Enter or the search button searches with at least this many characters. */
export const SEARCH_SUBMIT_MIN_CHARS = 1;
/** Longest keyword accepted (ours). */
export const SEARCH_MAX_CHARS = 100;
export const FIND_ME_REVERT_MS = 3000;
export const LOGIN_REDIRECT_MS = 3500;
export const NOT_FOUND_REDIRECT_MS = 1000;
/** @public Spec §9; no screen uses it yet (its screen is an open issue). */
export const UPDATE_HIGHLIGHT_MS = 3000;

// Connection and units
/** A device is stale when its last contact is this many seconds or more behind system time. */
export const CONNECTION_STALE_SECONDS = 120;
/** The `conf` value that counts as connected whatever the times. */
export const CONF_ALWAYS_CONNECTED = '0.0';
/** Status time (seconds) times this is milliseconds. */
export const STATUS_TIME_TO_MS = 1000;
/** Battery level (0-1) times this is percent. */
export const BATTERY_TO_PERCENT = 100;

// dc12ip total wattage thresholds (W)
export const DC12IP_INHIBIT_WATTS = 135;
export const DC12IP_WARNING_WATTS = 150;
export const DC12IP_CRITICAL_WATTS = 165;

// Ping sample windows (seconds)
export const PING_WINDOW = { Fast: 900, Normal: 1800, Slow: 3600 } as const;
/** @public Spec §9; no screen uses it yet (its screen is an open issue). */
export type PingWindowName = keyof typeof PING_WINDOW;

// Registration boxes
export const MAC_PARTS = 6;
export const MAC_PART_LENGTH = 2;
/** The MAC prefix pre-filled in the first three boxes. */
export const MAC_PREFIX = ['10', '65', 'A3'] as const;
export const CHALLENGE_KEY_PARTS = 3;
export const CHALLENGE_KEY_PART_LENGTH = 4;

// Screens
export const WIZARD_STEPS = 3;
export const NOTES_TEXTAREA_ROWS = 8;
export const NOTES_DEFAULT_SORT = 'desc';
export const BLANK_NOTE_ID = -1;
export const POPOVER_HEIGHT_PX = 229;
/** @public Spec §9; no screen uses it yet (its screen is an open issue). */
export const CLIENT_CARD_POPOVER_HEIGHT_PX = 195;
export const WIRELESS_LIST_MAX_HEIGHT_PX = 340;
/** @public Hardware-status column widths, percent (spec §9; no screen uses it yet). */
export const HARDWARE_STATUS_COLUMN_WIDTHS = [40, 15, 10] as const;
export const IMAGE_PICKER_DEFAULT_LABEL = 'Client image';
