import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { Clock } from '../../infra/clock';
import type { FirmwareFanout } from './firmware-fanout';
import type { FirmwareService } from './firmware.service';

export interface FirmwareRoutesDeps {
  service: FirmwareService;
  fanout: Pick<FirmwareFanout, 'subscribe'>;
  clock: Clock;
  heartbeatMs?: number;
}

/**
 * `firmwareUpgrade svc=getDevicesFirmwareInfo|getDeviceFirmware|upgradeDevice|upgradeLocation|
 * getFirmwareUpgrades` and the live stream `eventPuller/firmwarePusher.php` (docs/api/firmware.md).
 */
export function registerFirmwareRoutes(calls: CallRegistry, deps: FirmwareRoutesDeps): void {
  const { service, fanout, clock } = deps;
  calls.implement(
    callTable.firmware,
    {
      getDevicesFirmwareInfo: ({ auth, input }) => service.siteInfo(auth.user, input.siteId),
      getDeviceFirmware: ({ auth, input }) => service.deviceInfo(auth.user, input),
      upgradeDevice: ({ auth, input }) => service.upgradeDevice(auth.user, input),
      upgradeLocation: ({ auth, input }) => service.upgradeLocation(auth.user, input.siteId),
      getFirmwareUpgrades: ({ auth, input }) => service.upgrades(auth.user, input),
      firmwarePusher: async ({ auth, input }) => {
        await service.checkAccess(auth.user, input.siteId);
        return (stream) => {
          let seq = 0;
          return fanout.subscribe(input.siteId, (upgrade) => {
            seq = Math.max(seq + 1, clock.now().getTime());
            stream.send({ id: seq, data: { type: 'upgrade', upgrade } });
          });
        };
      },
    },
    deps.heartbeatMs === undefined ? {} : { firmwarePusher: { heartbeatMs: deps.heartbeatMs } },
  );
}
