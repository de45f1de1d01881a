import type { CallGroup } from '../call';

export const registration = {} satisfies CallGroup;
