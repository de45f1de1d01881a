import type { TopicAddress } from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database';
import type { LiveEvents } from './live-events';

/** The NOTIFY channel that tells every server which devices left their location. */
const DEVICE_REMOVALS_CHANNEL = 'pd_device_removed';

/**
 * Tells the live streams of every server that a device (with its kids), or a kid alone, was
 * deleted from its location: the server that deleted it sends NOTIFY with the devices' addresses,
 * each server (itself included) LISTENs and publishes a `removed` device event on its own live
 * bus, after which the streams of that device end (live.routes.ts). A lost notification leaves a
 * stream open until its client goes; the device's calls answer 404 all the same.
 */
export class DeviceRemovals {
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly events: Pick<LiveEvents, 'publish'>,
  ) {}

  async start(): Promise<void> {
    this.stopListening ??= await this.database.listen(DEVICE_REMOVALS_CHANNEL, (payload) =>
      this.deliver(payload),
    );
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  /** Announces the removal to every server (a device's address: its topic root and kid). */
  async announce(addresses: readonly TopicAddress[]): Promise<void> {
    if (addresses.length === 0) return;
    const payload = JSON.stringify(addresses);
    await this.database.db.execute(sql`select pg_notify(${DEVICE_REMOVALS_CHANNEL}, ${payload})`);
  }

  private deliver(payload: string): void {
    let addresses: unknown;
    try {
      addresses = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(addresses)) return;
    for (const address of addresses as unknown[]) {
      if (address === null || typeof address !== 'object') continue;
      const { devId, kidId } = address as Record<string, unknown>;
      if (typeof devId !== 'string') continue;
      this.events.publish({
        type: 'device',
        devId,
        ...(typeof kidId === 'string' ? { kidId } : {}),
        change: 'removed',
      });
    }
  }
}
