import type {
  DeviceDiscovery,
  DevicePing,
  DiscoveryRun,
  LocationNetwork,
  NetworkOutlet,
  PingTarget,
} from '@powerdeck/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The calls of Network Management and Discover Units (issue 15, `network` of the call table):
 * the location's network read every two seconds, ping targets and network marks saved, and a
 * device's discovery followed every second while it runs.
 */

export const networkKeys = {
  site: (siteId: string) => ['network', siteId] as const,
  discovery: (siteId: string, devId: string) => ['network', siteId, 'discovery', devId] as const,
};

/** Spec §9 "data refreshed every two seconds". */
export const NETWORK_REFRESH_MS = 2_000;
/** A discovery under way is read again this often. */
export const DISCOVERY_POLL_MS = 1_000;

/** `networkManagement svc=getNetwork`, read every 2 s while the page is visible. */
export function useLocationNetwork(siteId: string) {
  return useQuery({
    queryKey: networkKeys.site(siteId),
    queryFn: ({ signal }) => api.network.getNetwork({ siteId }, { signal }),
    refetchInterval: NETWORK_REFRESH_MS,
  });
}

/** The cached network with one device changed (nothing when it is not loaded). */
function withDevice(
  network: LocationNetwork | undefined,
  devId: string,
  change: (device: LocationNetwork['devices'][number]) => LocationNetwork['devices'][number],
): LocationNetwork | undefined {
  if (!network) return network;
  return {
    ...network,
    devices: network.devices.map((device) => (device.devId === devId ? change(device) : device)),
  };
}

/**
 * A change whose answer replaces part of the cached network. A read started before the change
 * would bring the old state back, so reads under way are cancelled first.
 */
function useNetworkChange<I, O>(
  siteId: string,
  fn: (input: I) => Promise<O>,
  apply: (network: LocationNetwork | undefined, answer: O, input: I) => LocationNetwork | undefined,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer, input) => {
      const key = networkKeys.site(siteId);
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<LocationNetwork>(key, (network) => apply(network, answer, input));
    },
  });
}

/** Saves a device's ping targets: the answer is the new version, pending until it runs. */
export function useSavePingTargets(siteId: string) {
  return useNetworkChange(
    siteId,
    ({ devId, targets }: { devId: string; targets: PingTarget[] }) =>
      api.network.savePingTargets({ siteId, devId, targets }),
    (network, ping: DevicePing, { devId }) =>
      withDevice(network, devId, (device) => ({ ...device, ping })),
  );
}

/** Marks an outlet (of a device or its kid) as feeding the network, or not. */
export function useSetNetworkOutlet(siteId: string) {
  return useNetworkChange(
    siteId,
    (input: { parentDevId: string; devId: string; otlt: number; feedsNetwork: boolean }) =>
      api.network.setNetworkOutlet({
        siteId,
        devId: input.devId,
        otlt: input.otlt,
        feedsNetwork: input.feedsNetwork,
      }),
    (network, outlet: NetworkOutlet, { parentDevId }) =>
      withDevice(network, parentDevId, (device) => ({
        ...device,
        outlets: device.outlets.map((o) =>
          o.devId === outlet.devId && o.otlt === outlet.otlt ? outlet : o,
        ),
      })),
  );
}

/** Whether a discovery run has not ended yet. */
export function isRunOpen(run: DiscoveryRun | null | undefined): boolean {
  return run !== null && run !== undefined && run.phase !== 'done' && run.phase !== 'failed';
}

/** `networkManagement svc=getDiscovery`, read every second while a run is open. */
export function useDiscovery(siteId: string, devId: string) {
  return useQuery({
    queryKey: networkKeys.discovery(siteId, devId),
    queryFn: ({ signal }) => api.network.getDiscovery({ siteId, devId }, { signal }),
    refetchInterval: (query) => (isRunOpen(query.state.data?.run) ? DISCOVERY_POLL_MS : false),
  });
}

/** Starts a discovery; the run it answers is followed from then on. */
export function useStartDiscovery(siteId: string, devId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.network.startDiscovery({ siteId, devId }),
    onSuccess: async (run) => {
      const key = networkKeys.discovery(siteId, devId);
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<DeviceDiscovery>(key, (discovery) =>
        discovery ? { ...discovery, run } : discovery,
      );
    },
  });
}
