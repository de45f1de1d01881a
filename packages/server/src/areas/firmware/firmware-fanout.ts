import { type FirmwareUpgrade, firmwareUpgradeSchema } from '@powerdeck/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database';

/** The NOTIFY channel that tells every server which upgrades changed. */
export const FIRMWARE_CHANNEL = 'pd_firmware';
/** Progress is announced together this often (a download is many small changes). */
const ANNOUNCE_EVERY_MS = 150;
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_CHARS = 7_000;

type Push = (upgrade: FirmwareUpgrade) => void;

/**
 * The live push of upgrades across servers: the server driving an upgrade announces each change
 * with the upgrade itself (NOTIFY), every server LISTENs and pushes it to its streams of that
 * location. Each phase is announced (a stream sees every phase, in order); progress within a
 * phase is coalesced to one announcement per 150 ms.
 */
export class FirmwareFanout {
  private readonly streams = new Map<string, Set<Push>>();
  private pending: FirmwareUpgrade[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private stopped = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    this.stopListening ??= await this.database.listen(FIRMWARE_CHANNEL, (payload) =>
      this.deliver(payload),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.flush());
    await this.flushing;
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  changed(upgrade: FirmwareUpgrade): void {
    if (this.stopped) return;
    const last = this.pending.findLastIndex((u) => u.id === upgrade.id);
    // a newer figure of the same phase replaces the one waiting
    if (last >= 0 && this.pending[last]?.phase === upgrade.phase) this.pending[last] = upgrade;
    else this.pending.push(upgrade);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }, ANNOUNCE_EVERY_MS);
    this.timer.unref();
  }

  /** Calls `push` with every change of an upgrade at the location; returns the unsubscribe. */
  subscribe(siteId: string, push: Push): () => void {
    let set = this.streams.get(siteId);
    if (!set) {
      set = new Set();
      this.streams.set(siteId, set);
    }
    set.add(push);
    return () => {
      set.delete(push);
      if (set.size === 0 && this.streams.get(siteId) === set) this.streams.delete(siteId);
    };
  }

  private async flush(): Promise<void> {
    const upgrades = this.pending;
    this.pending = [];
    try {
      let chunk: string[] = [];
      let size = 0;
      const send = async () => {
        if (chunk.length === 0) return;
        const payload = `[${chunk.join(',')}]`;
        chunk = [];
        size = 0;
        await this.database.db.execute(sql`select pg_notify(${FIRMWARE_CHANNEL}, ${payload})`);
      };
      for (const upgrade of upgrades) {
        const text = JSON.stringify(upgrade);
        if (size + text.length + 1 > MAX_PAYLOAD_CHARS) await send();
        chunk.push(text);
        size += text.length + 1;
      }
      await send();
    } catch (err) {
      this.log.warn({ err }, 'announcing firmware upgrade changes failed');
    }
  }

  private deliver(payload: string): void {
    let items: unknown;
    try {
      items = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(items)) return;
    for (const item of items) {
      const parsed = firmwareUpgradeSchema.safeParse(item);
      if (!parsed.success) continue;
      for (const push of this.streams.get(parsed.data.siteId) ?? []) push(parsed.data);
    }
  }
}
