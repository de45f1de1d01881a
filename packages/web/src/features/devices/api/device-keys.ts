/** Query keys of the device screens: one per resource, so pushed and fetched data share a slot. */
export const deviceKeys = {
  all: ['devices'] as const,
  device: (devId: string) => ['devices', devId] as const,
  meta: (devId: string) => ['devices', devId, 'meta'] as const,
  status: (devId: string) => ['devices', devId, 'status'] as const,
  contact: (devId: string) => ['devices', devId, 'contact'] as const,
  /** Set when the device's live stream said it was deleted from its location. */
  removed: (devId: string) => ['devices', devId, 'removed'] as const,
  lists: ['devices', 'list'] as const,
  list: (siteId: string) => ['devices', 'list', siteId] as const,
};
