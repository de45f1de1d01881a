import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import type { SystemStatusService } from './system-status.service';

/** `systemStatus`: System Status and undelivered mail (issue 19 items 2 and 6). */
export function registerSystemStatusRoutes(
  calls: CallRegistry,
  service: SystemStatusService,
): void {
  calls.implement(callTable.systemStatus, {
    get: ({ auth }) => service.get(auth.user),
    undeliveredMail: ({ auth }) => service.undeliveredMail(auth.user),
    resendMail: ({ auth, input }) => service.resendMail(auth.user, input.outboxId),
  });
}
