import type { CallGroup } from '../call';

export const deviceViews = {} satisfies CallGroup;
