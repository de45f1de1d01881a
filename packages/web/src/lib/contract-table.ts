import { callTable } from '@powerdeck/domain';

/** The call table alone, for the checks public-calls.ts makes in development and tests. */
export const publicCallContracts = {
  session: callTable.auth.session,
  login: callTable.auth.login,
  publicConfig: callTable.config.public,
};
