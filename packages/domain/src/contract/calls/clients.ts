import type { CallGroup } from '../call';

export const clients = {} satisfies CallGroup;
