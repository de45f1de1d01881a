import type { FastifyBaseLogger } from 'fastify';
import type { DeviceAt } from '../devices/device-access';
import type { CommandActor } from '../devices/device-control.service';
import type { NetworkGuard } from '../devices/network-guard';
import type { NetworkRepository } from './network.repository';
import { feedsNetwork } from './network.service';

/**
 * The guard against cutting a location off (issue 15), installed on the devices' control service:
 * an outlet feeds the network when a user marked it so, or, without a mark, when the device
 * reports its uplink runs through it. A confirmed switch-off raises a `network` alert (the audit
 * log keeps the command with `confirmed: true`, which the event log shows as such).
 */
export class NetworkOutletGuard implements NetworkGuard {
  constructor(
    private readonly deps: {
      repo: Pick<NetworkRepository, 'mark'>;
      /** The alert raiser's entry for a network outlet switched off. */
      alert: (devId: string, otlt: number) => void;
      log: Pick<FastifyBaseLogger, 'info'>;
    },
  ) {}

  async feedsNetwork(device: DeviceAt, otlt: number): Promise<boolean> {
    const mark = await this.deps.repo.mark(device.row.devId, otlt);
    return feedsNetwork(device.row, otlt, mark).feedsNetwork;
  }

  switchedOff(actor: CommandActor, device: DeviceAt, otlt: number, cmdId: string): void {
    this.deps.log.info(
      { devId: device.row.devId, otlt, cmdId, actor },
      'network outlet switched off (confirmed)',
    );
    this.deps.alert(device.row.devId, otlt);
  }
}
