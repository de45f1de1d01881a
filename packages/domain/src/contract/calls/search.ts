import type { CallGroup } from '../call';

export const search = {} satisfies CallGroup;
