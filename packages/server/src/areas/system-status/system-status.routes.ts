import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { SystemStatusService } from './system-status.service';

/** `systemStatus svc=get` (issue 19 item 6). */
export function registerSystemStatusRoutes(
  calls: CallRegistry,
  service: SystemStatusService,
): void {
  calls.implement(callTable.systemStatus, {
    get: ({ auth }) => service.get(auth.user),
  });
}
