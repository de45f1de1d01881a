import { callTable } from '@powerdeck/domain';
import type { CallRegistry } from '../../http/contract';
import { SESSION_COOKIE } from '../../http/cookies';
import type { AccountService } from './account.service';
import { TIMEZONES } from './timezone-list';

/** Profile and account calls (docs/api/notes-groups-account-alerts.md). */
export function registerAccountRoutes(calls: CallRegistry, service: AccountService): void {
  calls.implement(callTable.account, {
    getUserSitesData: ({ auth, input }) => service.sitesData(auth.user, input.user || undefined),
    getTimezoneList: () => [...TIMEZONES],
    async changePassword({ auth, input }) {
      await service.changePassword(auth.user, auth.sessionId, input);
      return { ok: true } as const;
    },
    async changeEmail({ auth, input }) {
      await service.changeEmail(auth.user, input);
      return { ok: true } as const;
    },
    async verifyEmailChange({ input }) {
      await service.verifyEmailChange(input.token);
      return { ok: true } as const;
    },
    getAccountSettings: ({ auth }) => service.details(auth.user),
    userDetails: ({ auth }) => service.details(auth.user),
    getUserDetails: ({ auth, input }) => service.userDetails(auth.user, input.userId),
    getUserDataForSites: ({ auth, input }) =>
      service.userDataForSites(auth.user, input.user, input.locationIds),
    updateUserDetails: ({ auth, input }) => service.updateDetails(auth.user, input),
    classicUiFeedback: ({ auth, input }) => service.classicUiFeedback(auth.user, input.feedback),
    // spec §7: a GET with the feedback as JSON in the query; the answer is `true`
    async deleteUser({ auth, input, reply }) {
      const done = await service.deleteUser(auth.user, input.feedback);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return done;
    },
  });
}
