import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where the chosen colour scheme is remembered. public/color-scheme.js reads the same key before
 * the first paint; keep the two in step.
 */
const COLOR_SCHEME_KEY = 'powerdeck-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
