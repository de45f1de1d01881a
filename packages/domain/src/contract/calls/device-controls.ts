import type { CallGroup } from '../call';

export const deviceControls = {} satisfies CallGroup;
