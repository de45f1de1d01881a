import {
  changeEmailSchema,
  changePasswordSchema,
  feedbackJsonSchema,
  tokenSchema,
  updateAccountDetailsSchema,
} from '@powerdeck/domain';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../http/cookies';
import { type DataSvc, authedSvc, publicSvc } from '../../http/data-svc';
import type { AccountService } from './account.service';

const minute = 60_000;
const feedbackInput = z.object({ feedback: feedbackJsonSchema.default({}) });

/** Profile and account calls (docs/api/notes-groups-account-alerts.md). */
export function registerAccountRoutes(dataSvc: DataSvc, service: AccountService): void {
  dataSvc.area('accountManagement', {
    getUserSitesData: authedSvc({
      methods: ['GET'],
      input: z.object({ user: z.string().trim().max(100).optional() }),
      handler: ({ auth, input }) => service.sitesData(auth.user, input.user || undefined),
    }),
    changePassword: authedSvc({
      methods: ['POST'],
      input: changePasswordSchema,
      rateLimit: { max: 10, windowMs: minute, message: 'Too many attempts. Please try later.' },
      async handler({ auth, input }) {
        await service.changePassword(auth.user, auth.sessionId, input);
        return { ok: true };
      },
    }),
    changeEmail: authedSvc({
      methods: ['POST'],
      input: changeEmailSchema,
      rateLimit: { max: 10, windowMs: minute, message: 'Too many attempts. Please try later.' },
      async handler({ auth, input }) {
        await service.changeEmail(auth.user, input);
        return { ok: true };
      },
    }),
    // Opened from the e-mailed link, possibly in a browser signed in as nobody.
    verifyEmailChange: publicSvc({
      methods: ['POST'],
      input: z.object({ token: tokenSchema }),
      rateLimit: { max: 30, windowMs: minute, message: 'Too many attempts. Please try later.' },
      async handler({ input }) {
        await service.verifyEmailChange(input.token);
        return { ok: true };
      },
    }),
  });

  const details = authedSvc({
    methods: ['GET'],
    handler: ({ auth }) => service.details(auth.user),
  });
  dataSvc.area('userDetails', {
    getAccountSettings: details,
    userDetails: details,
    updateUserDetails: authedSvc({
      methods: ['POST'],
      input: updateAccountDetailsSchema,
      handler: ({ auth, input }) => service.updateDetails(auth.user, input),
    }),
  });

  dataSvc.area('userPreference', {
    classicUiFeedback: authedSvc({
      methods: ['GET', 'POST'],
      input: feedbackInput,
      handler: ({ auth, input }) => service.classicUiFeedback(auth.user, input.feedback),
    }),
    // spec §7: a GET with the feedback as JSON in the query; the answer is `true`
    deleteUser: authedSvc({
      methods: ['GET'],
      input: feedbackInput,
      async handler({ auth, input, reply }) {
        const done = await service.deleteUser(auth.user, input.feedback);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return done;
      },
    }),
  });
}
