/**
 * Spec §9 constants the console uses. They belong in @powerdeck/domain; until they land there
 * these local copies keep the same names so the switch is an import change.
 */
export const TOAST_MS = 5000;
export const LOGIN_REDIRECT_MS = 3500;
export const NOT_FOUND_REDIRECT_MS = 1000;
export const SEARCH_DEBOUNCE_MS = 150;
export const LOCATIONS_SCROLL_PAGE_SIZE = 12;
export const SCROLL_LOAD_THRESHOLD_PX = 100;
export const DEFAULT_BRAND = 'Powerdeck';
