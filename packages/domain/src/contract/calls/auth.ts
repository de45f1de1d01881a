import type { CallGroup } from '../call';

export const auth = {} satisfies CallGroup;
