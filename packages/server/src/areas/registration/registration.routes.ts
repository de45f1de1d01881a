import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { RegistrationService } from './registration.service';

/**
 * Device registration (spec §7): `devices svc=addNewDevice` (POST devId, claimKey), `devices
 * svc=getGateways` (GET), and `{devClass}.deviceControls svc=join` (POST) for wireless classes;
 * `devices svc=deleteDevice` (POST, ours) releases a claim.
 */
export function registerRegistrationRoutes(
  calls: CallRegistry,
  service: RegistrationService,
): void {
  calls.implement(callTable.registration, {
    addNewDevice: ({ auth, input, request }) => service.addNewDevice(auth.user, request.ip, input),
    getGateways: ({ auth, input }) => service.getGateways(auth.user, input.siteId),
    join: ({ auth, input }) => service.join(auth.user, input),
    deleteDevice: ({ auth, input }) => service.deleteDevice(auth.user, input),
  });
}
