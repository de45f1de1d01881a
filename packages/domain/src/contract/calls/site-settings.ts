import type { CallGroup } from '../call';

export const siteSettings = {} satisfies CallGroup;
