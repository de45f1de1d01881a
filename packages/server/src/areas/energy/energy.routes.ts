import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { EnergyService } from './energy.service';

/** `energyManagement svc=getDeviceEnergy|getLocationEnergy` (issue 16; docs/api/energy.md). */
export function registerEnergyRoutes(calls: CallRegistry, energy: EnergyService): void {
  calls.implement(callTable.energy, {
    getDeviceEnergy: ({ auth, input }) => energy.getDeviceEnergy(auth.user, input),
    getLocationEnergy: ({ auth, input }) => energy.getLocationEnergy(auth.user, input.siteId),
  });
}
