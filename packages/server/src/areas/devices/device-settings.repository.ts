import type { WireSettings } from '@powerdeck/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database';
import { devices } from '../../infra/db/schema';

/** Where a device's reported settings are kept: its `info`, as the device sent them. */
export class DeviceSettingsRepository {
  constructor(private readonly db: Db) {}

  /** Keeps the settings a device reported (wire form) and when, beside the rest of its info. */
  async store(devId: string, settings: WireSettings, at: Date): Promise<void> {
    const patch = JSON.stringify({ settings, settingsAt: at.getTime() });
    await this.db
      .update(devices)
      .set({ info: sql`${devices.info} || ${patch}::jsonb` })
      .where(eq(devices.devId, devId));
  }
}
