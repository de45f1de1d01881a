import type { CallGroup } from '../call';

export const images = {} satisfies CallGroup;
