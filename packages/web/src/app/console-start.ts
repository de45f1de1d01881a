import type { PublicConfig, SessionUser } from '@powerdeck/domain';
import type { DehydratedState } from '@tanstack/react-query';

/** What the entry already knows when it loads the console (app.tsx), so it is not asked again. */
export interface ConsoleStart {
  /** The session check's answer, when it has come (null: signed out). */
  sessionUser?: SessionUser | null;
  /** The session check still in flight: the console's session query waits for it. */
  sessionCheck?: Promise<SessionUser | null>;
  publicConfig?: PublicConfig;
  /** The data of the page the server rendered (server-render/), so it is not asked again. */
  queries?: DehydratedState;
}
