import {
  type CommandAck,
  type FirmwareArgs,
  type TopicAddress,
  deviceCommandSchema,
  deviceTopic,
} from '@powerdeck/domain';
import type { Clock } from '../../infra/clock';
import type { DeviceLink } from '../../infra/mqtt/device-link';

/** A step's answer: the device's ack, or none within the wait (after every try). */
export type StepAnswer = { kind: 'ack'; ack: CommandAck } | { kind: 'timeout' };

interface Waiting {
  address: TopicAddress;
  resolve: (ack: CommandAck) => void;
}

/**
 * Sends the steps of the `firmware` command over the device link and waits for each one's ack.
 * Acks reach every server (they are not shared subscriptions) and the device hub hands each one
 * here, so the server driving an upgrade hears them; a step's id is `{upgradeId}.{n}`, never a UUID, so the command
 * tracker leaves them alone. A step without an answer is sent again with the same id (the device
 * runs an id once and answers a repeat as the first time).
 */
export class FirmwareLink {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly link: Pick<DeviceLink, 'publish'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends one step and waits up to `timeoutMs` for its ack, `tries` times in all; `onRetry` runs
   * before each repeat (the heartbeat).
   */
  async send(
    address: TopicAddress,
    id: string,
    args: FirmwareArgs,
    options: { timeoutMs: number; tries: number; signal: AbortSignal; onRetry?: () => unknown },
  ): Promise<StepAnswer> {
    const command = deviceCommandSchema.parse({
      id,
      svc: 'firmware',
      args,
      expires: this.clock.now().getTime() + options.timeoutMs * options.tries,
    });
    const payload = JSON.stringify(command);
    try {
      for (let attempt = 0; attempt < options.tries; attempt += 1) {
        if (options.signal.aborted) return { kind: 'timeout' };
        if (attempt > 0) await options.onRetry?.();
        const ack = new Promise<CommandAck | undefined>((resolve) => {
          const settle = (answer: CommandAck | undefined) => {
            clearTimeout(timer);
            options.signal.removeEventListener('abort', stop);
            resolve(answer);
          };
          const stop = () => settle(undefined);
          const timer = setTimeout(stop, options.timeoutMs);
          options.signal.addEventListener('abort', stop, { once: true });
          this.waiting.set(id, { address, resolve: settle });
        });
        await this.link.publish(deviceTopic(address, 'cmd'), payload, 1).catch(() => undefined);
        const answer = await ack;
        if (answer) return { kind: 'ack', ack: answer };
      }
      return { kind: 'timeout' };
    } finally {
      this.waiting.delete(id);
    }
  }

  /** An ack any device sent (the device hub hands each one on). */
  onAck(address: TopicAddress, ack: CommandAck): void {
    const waiting = this.waiting.get(ack.id);
    if (!waiting) return;
    // an ack for this step from another device or kid is not the answer
    if (waiting.address.devId !== address.devId || waiting.address.kidId !== address.kidId) return;
    this.waiting.delete(ack.id);
    waiting.resolve(ack);
  }
}
