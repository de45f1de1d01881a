import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { DiscoveryService } from './discovery.service';
import type { NetworkService } from './network.service';

/**
 * `networkManagement svc=getNetwork|savePingTargets|setNetworkOutlet|getDiscovery|startDiscovery`
 * (issue 15; docs/api/network.md).
 */
export function registerNetworkRoutes(
  calls: CallRegistry,
  deps: { network: NetworkService; discovery: DiscoveryService },
): void {
  const { network, discovery } = deps;
  calls.implement(callTable.network, {
    getNetwork: ({ auth, input }) => network.getNetwork(auth.user, input.siteId),
    savePingTargets: ({ auth, input }) => network.savePingTargets(auth.user, input),
    setNetworkOutlet: ({ auth, input }) => network.setNetworkOutlet(auth.user, input),
    getDiscovery: ({ auth, input }) => discovery.getDiscovery(auth.user, input),
    startDiscovery: ({ auth, input }) => discovery.startDiscovery(auth.user, input),
  });
}
