import { FINAL_COMMAND_STATES, type CommandResult } from '@powerdeck/domain';

type OnFinal = (result: CommandResult) => void;

/** Results that arrived before their POST answered are kept this many at most. */
const EARLY_LIMIT = 100;

/**
 * Follows commands to their outcome. A control POST answers `{cmdId, state}` at once; the final
 * state arrives later on the live stream (or its polling fallback), sometimes even before the
 * POST's answer, so early results are kept until someone asks for them.
 */
export interface CommandRegistry {
  /** Calls `onFinal` once the command is done, failed or expired (at once if it already is). */
  watch(result: CommandResult, onFinal: OnFinal): void;
  /** A command's progress as the stream reports it. */
  report(result: CommandResult): void;
}

export function createCommandRegistry(): CommandRegistry {
  const watches = new Map<string, OnFinal>();
  const early = new Map<string, CommandResult>();
  const isFinal = (result: CommandResult) => FINAL_COMMAND_STATES.includes(result.state);
  return {
    watch(result, onFinal) {
      const known = isFinal(result) ? result : early.get(result.cmdId);
      if (known) {
        early.delete(result.cmdId);
        onFinal(known);
        return;
      }
      watches.set(result.cmdId, onFinal);
    },
    report(result) {
      if (!isFinal(result)) return;
      const onFinal = watches.get(result.cmdId);
      if (onFinal) {
        watches.delete(result.cmdId);
        onFinal(result);
        return;
      }
      early.set(result.cmdId, result);
      if (early.size > EARLY_LIMIT) {
        const oldest = early.keys().next().value;
        if (oldest !== undefined) early.delete(oldest);
      }
    },
  };
}
