import type { PublicConfig, SessionUser } from '@powerdeck/domain';

/** What the entry already knows when it loads the console (app.tsx), so it is not asked again. */
export interface ConsoleStart {
  /** The session check's answer, when it has come (null: signed out). */
  sessionUser?: SessionUser | null;
  /** The session check still in flight: the console's session query waits for it. */
  sessionCheck?: Promise<SessionUser | null>;
  publicConfig?: PublicConfig;
}
