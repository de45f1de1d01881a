/** The brand when configuration has not (yet) named one; spec §9 constants come from domain. */
export const DEFAULT_BRAND = 'Powerdeck';
