import type { CallGroup } from '../call';

export const account = {} satisfies CallGroup;
