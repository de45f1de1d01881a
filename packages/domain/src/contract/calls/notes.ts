import type { CallGroup } from '../call';

export const notes = {} satisfies CallGroup;
