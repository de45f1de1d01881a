import {
  callTable,
  summarizeUpgrades,
  type DeviceFirmware,
  type DeviceFirmwareRow,
  type DevicesFirmwareInfo,
  type FirmwarePush,
  type FirmwareUpgrade,
  type FirmwareUpgrades,
} from '@powerdeck/domain';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { openEventStream } from '../../../lib/event-stream';
import { deviceKeys } from '../../devices';
import {
  freshRow,
  freshUpgrades,
  rowWithUpgrade,
  upgradesWith,
  type UpgradesFilter,
} from '../state/upgrade-cache';

/**
 * The firmware calls (issue 14, `firmware` of the call table): a location's devices and their
 * versions, one device's firmware, upgrades, and the location's live stream of upgrades, which
 * writes every push into the same cache the reads fill.
 */

export const firmwareKeys = {
  site: (siteId: string) => ['firmware', siteId] as const,
  info: (siteId: string) => ['firmware', siteId, 'info'] as const,
  device: (siteId: string, devId: string) => ['firmware', siteId, 'device', devId] as const,
  allUpgrades: (siteId: string) => ['firmware', siteId, 'upgrades'] as const,
  upgrades: (siteId: string, filter: UpgradesFilter) =>
    ['firmware', siteId, 'upgrades', filter] as const,
};

/** While the push stream is down, the location's upgrades are read again this often. */
const FALLBACK_POLL_MS = 5_000;

/** `getDevicesFirmwareInfo`: every device of the location, its version and whether to update. */
export function useDevicesFirmwareInfo(siteId: string, options: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const key = firmwareKeys.info(siteId);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const fresh = await api.firmware.getDevicesFirmwareInfo({ siteId }, { signal });
      const cached = new Map(
        client.getQueryData<DevicesFirmwareInfo>(key)?.records.map((r) => [r.devId, r]),
      );
      return { ...fresh, records: fresh.records.map((r) => freshRow(r, cached.get(r.devId))) };
    },
    enabled: options.enabled ?? true,
  });
}

/** `getDeviceFirmware`: one device's version, its class's images and its latest upgrade. */
export function useDeviceFirmware(siteId: string, devId: string) {
  const client = useQueryClient();
  const key = firmwareKeys.device(siteId, devId);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      freshRow(
        await api.firmware.getDeviceFirmware({ siteId, devId }, { signal }),
        client.getQueryData<DeviceFirmware>(key),
      ),
  });
}

/** `getFirmwareUpgrades`: one batch's upgrades, or one device's (newest first). */
export function useFirmwareUpgrades(
  siteId: string,
  filter: UpgradesFilter,
  options: { enabled?: boolean } = {},
) {
  const client = useQueryClient();
  const key = firmwareKeys.upgrades(siteId, filter);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      freshUpgrades(
        await api.firmware.getFirmwareUpgrades({ siteId, ...filter }, { signal }),
        client.getQueryData<FirmwareUpgrades>(key),
        filter,
      ),
    enabled: options.enabled ?? true,
  });
}

/** Puts an upgrade into every firmware read of its location that shows it. */
export function applyUpgrade(client: QueryClient, upgrade: FirmwareUpgrade): void {
  const { siteId, devId } = upgrade;
  let moved = false;
  const withUpgrade = <R extends DeviceFirmwareRow>(row: R): R => {
    const next = rowWithUpgrade(row, upgrade);
    if (next !== row) moved = true;
    return next;
  };
  client.setQueryData<DeviceFirmware>(firmwareKeys.device(siteId, devId), (data) =>
    data ? withUpgrade(data) : data,
  );
  client.setQueryData<DevicesFirmwareInfo>(firmwareKeys.info(siteId), (data) =>
    data ? { ...data, records: data.records.map(withUpgrade) } : data,
  );
  for (const [key, data] of client.getQueriesData<FirmwareUpgrades>({
    queryKey: firmwareKeys.allUpgrades(siteId),
  })) {
    if (data) client.setQueryData(key, upgradesWith(data, filterOf(key), upgrade));
  }
  if (moved && upgrade.phase === 'done') {
    // The version the device reports now, and whether a newer image is left, as the server has
    // it; the device screens' rules that read the version (cycle groups on 1.0.0) follow too.
    void client.invalidateQueries({ queryKey: firmwareKeys.device(siteId, devId) });
    void client.invalidateQueries({ queryKey: firmwareKeys.info(siteId) });
    void client.invalidateQueries({ queryKey: deviceKeys.meta(devId) });
    void client.invalidateQueries({ queryKey: deviceKeys.list(siteId) });
  }
}

function filterOf(key: QueryKey): UpgradesFilter {
  const filter = key[3];
  return typeof filter === 'object' && filter !== null ? filter : {};
}

/** Upgrades one device to the newest image of its class. */
export function useUpgradeDevice(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (devId: string) => api.firmware.upgradeDevice({ siteId, devId }),
    onSuccess: (upgrade) => applyUpgrade(client, upgrade),
  });
}

/** Update Firmware for the whole location: every device with an update, one batch. */
export function useUpgradeLocation(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.firmware.upgradeLocation({ siteId }),
    onSuccess: (batch) => {
      if (batch.batchId !== null) {
        // The batch's list, ready before the modal reads it; pushes then move it on.
        const filter = { batchId: batch.batchId };
        const empty: FirmwareUpgrades = {
          upgrades: [],
          summary: summarizeUpgrades([]),
          concurrencyLimit: batch.concurrencyLimit,
        };
        client.setQueryData<FirmwareUpgrades>(firmwareKeys.upgrades(siteId, filter), (data) =>
          batch.upgrades.reduce((list, u) => upgradesWith(list, filter, u), data ?? empty),
        );
      }
      batch.upgrades.forEach((upgrade) => applyUpgrade(client, upgrade));
    },
  });
}

/**
 * Follows the location's upgrades while mounted (`firmwarePusher`): each push goes into the cache.
 * When the stream (re)opens the reads are made again, for what changed while it was down; while
 * it is down, the latest upgrade of every device is read every 5 s.
 */
export function useFirmwareLive(siteId: string, enabled = true): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return openEventStream(
      callTable.firmware.firmwarePusher,
      { siteId },
      {
        // What changed between the page's reads and the stream's (re)start.
        onOpen: () => void client.invalidateQueries({ queryKey: firmwareKeys.site(siteId) }),
        onEvent: (push) => applyUpgrade(client, push.upgrade),
        poll: {
          everyMs: FALLBACK_POLL_MS,
          events: async () =>
            (await api.firmware.getFirmwareUpgrades({ siteId })).upgrades.map(
              (upgrade): FirmwarePush => ({ type: 'upgrade', upgrade }),
            ),
        },
      },
    );
  }, [client, siteId, enabled]);
}
