import type { CallGroup } from '../call';

export const locationAdmin = {} satisfies CallGroup;
