import type { CommandActor } from './device-control.service';
import type { DeviceAt } from './device-access';

/**
 * The guard against cutting a location off (issue 15), as the network area installs it on the
 * control service: which outlets feed the site's network, and what happens when a confirmed
 * switch-off of one goes out. Without one installed nothing is guarded.
 */
export interface NetworkGuard {
  /**
   * Whether outlet `otlt` of the device (or kid) feeds the site's network: a user's mark, or
   * without one the device's own report (`status.uplinkOtlt`).
   */
  feedsNetwork(device: DeviceAt, otlt: number): Promise<boolean>;
  /** A confirmed switch-off of such an outlet was sent (the network alert, the log's entry). */
  switchedOff(actor: CommandActor, device: DeviceAt, otlt: number, cmdId: string): void;
}
