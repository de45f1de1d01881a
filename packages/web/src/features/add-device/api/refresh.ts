import type { QueryClient } from '@tanstack/react-query';

/**
 * After a device is added or joined: the location's device list (devices feature), its counts
 * and outlets (locations feature) and the location cards are fetched again. The keys are those
 * features' query keys, spelled here so this feature does not import their internals.
 */
export async function refreshLocationDevices(client: QueryClient, siteId: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['devices', 'list', siteId] }),
    client.invalidateQueries({ queryKey: ['devices', 'gateways', siteId] }),
    client.invalidateQueries({ queryKey: ['locations', siteId] }),
    client.invalidateQueries({ queryKey: ['locations', 'sites'] }),
  ]);
}
