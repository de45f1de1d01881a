import type { CallGroup } from '../call';

export const groups = {} satisfies CallGroup;
