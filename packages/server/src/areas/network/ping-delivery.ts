import { type PingConfigArgs, toWirePingTargets } from '@powerdeck/domain';
import type { DeviceAccess } from '../devices/device-access';
import type { DeviceControlService } from '../devices/device-control.service';
import type { DevicesRepository } from '../devices/devices.repository';
import type { NetworkRepository } from './network.repository';
import type { DeliveryOutcome } from './ping-reconciler';

/**
 * Sends a device its stored auto-ping configuration as the `pingConfig` command, through the
 * devices' control path (the rules of a click: an inactive device is not sent anything; the
 * command is in the audit log with the user who saved the configuration as its actor).
 */
export class PingDelivery {
  constructor(
    private readonly deps: {
      repo: NetworkRepository;
      devices: DevicesRepository;
      access: DeviceAccess;
      control: DeviceControlService;
    },
  ) {}

  /** Resolves once the command is final: done, failed or expired, or refused before sending. */
  async deliver(devId: string): Promise<DeliveryOutcome> {
    const { repo, devices, access, control } = this.deps;
    const [config, row] = await Promise.all([repo.pingConfig(devId), devices.find(devId)]);
    if (!config || row?.siteId == null || row.parentDevId !== null) return 'refused';
    const device = await access.locate(row.siteId, devId);
    if (!device) return 'refused';
    const args: PingConfigArgs = {
      version: config.version,
      targets: toWirePingTargets(config.targets),
    };
    return new Promise<DeliveryOutcome>((resolve) => {
      control
        .sendFor({ kind: 'user', id: config.setBy }, device, 'pingConfig', args, {
          onFinal: (result) => {
            resolve(result.state === 'done' ? 'done' : 'failed');
            return Promise.resolve();
          },
        })
        .then(
          (sent) => {
            if (sent.refused !== null) resolve('refused');
          },
          () => resolve('refused'),
        );
    });
  }

  /** Stores the console's targets as a version above `reported`; the new version. */
  async bump(devId: string, reported: number): Promise<number | undefined> {
    return (await this.deps.repo.bumpVersion(devId, reported))?.version;
  }
}
