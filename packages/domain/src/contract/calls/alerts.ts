import type { CallGroup } from '../call';

export const alerts = {} satisfies CallGroup;
