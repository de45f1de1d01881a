import type { CommandAck, DeviceCommand } from '@powerdeck/domain';
import { ACK_ERRORS, decodeCommand } from '@powerdeck/domain';
import type { DeviceModel } from './models/device-model';

/** How a device treats commands; tests and the CLI switch it to inject faults. */
export type CommandMode = 'normal' | 'refuse' | 'ignore';

/** Told what a device does with its commands, for benchmarks that count executions. */
export interface CommandObserver {
  /** Every command payload that names an id, a redelivery of one already handled included. */
  delivered?(id: string): void;
  /**
   * A command about to execute: past the duplicate and expiry checks, for `devId` (the target, a
   * kid's own id for a kid); `deviceClockMs` is the target's clock at that moment.
   */
  executing(command: DeviceCommand, devId: string, deviceClockMs: number): void;
}

/** How many command ids a device remembers to drop redeliveries (bounded, oldest forgotten). */
export const SEEN_IDS_LIMIT = 64;

/**
 * The device side of the command contract, without MQTT: decode and validate, drop expired
 * commands, execute each id at most once (a redelivery gets the first answer again), then ack.
 */
export class CommandProcessor {
  mode: CommandMode = 'normal';
  /** id → the ack once known (undefined while the command still runs). */
  private readonly seen = new Map<string, CommandAck | undefined>();
  executed = 0;
  /** Unset by default; a benchmark sets it to record executions. */
  observer: CommandObserver | undefined;

  constructor(private readonly limit = SEEN_IDS_LIMIT) {}

  /**
   * Handles one `cmd` payload for `target` (undefined: no such kid). Resolves with the ack to
   * publish, or undefined when nothing must be sent (unanswerable payload, ignore mode, or a
   * redelivery of a command still running).
   */
  async handle(
    target: DeviceModel | undefined,
    payload: string | Uint8Array,
  ): Promise<CommandAck | undefined> {
    if (this.mode === 'ignore') return undefined;
    const decoded = decodeCommand(payload);
    const id = decoded.ok ? decoded.command.id : decoded.id;
    if (id === undefined) return undefined;
    this.observer?.delivered?.(id);
    if (this.seen.has(id)) return this.seen.get(id);
    this.remember(id, undefined);
    const ack = await this.run(target, decoded);
    this.remember(id, ack);
    return ack;
  }

  private async run(
    target: DeviceModel | undefined,
    decoded: ReturnType<typeof decodeCommand>,
  ): Promise<CommandAck> {
    if (!decoded.ok) return { id: decoded.id ?? '', ok: false, error: decoded.error };
    const { command } = decoded;
    const nack = (error: string): CommandAck => ({ id: command.id, ok: false, error });
    if (!target) return nack(ACK_ERRORS.noSuchKid);
    // Checked against the device's own clock, before anything else: never execute late.
    if (command.expires <= target.clockMs()) return nack(ACK_ERRORS.expired);
    if (this.mode === 'refuse') return nack(ACK_ERRORS.refused);
    this.executed++;
    this.observer?.executing(command, target.devId, target.clockMs());
    const outcome = await target.execute(command);
    return outcome.ok
      ? {
          id: command.id,
          ok: true,
          ...(outcome.result === undefined ? {} : { result: outcome.result }),
        }
      : nack(outcome.error);
  }

  private remember(id: string, ack: CommandAck | undefined): void {
    this.seen.delete(id);
    this.seen.set(id, ack);
    while (this.seen.size > this.limit) {
      const oldest = this.seen.keys().next().value;
      if (oldest === undefined) break;
      this.seen.delete(oldest);
    }
  }
}
