import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate';
import { devices } from '../../infra/db/schema';
import { type OpenedTestDatabase, testDatabases } from '../../test/databases';
import { DeviceStateRepository, type StateWrite } from './device-state.repository';

const DEV = 'AA0000000001';

/**
 * Two servers share a device's reports (an external broker's shared subscription) and flush them
 * in batches, so one may write an older report after the other wrote a newer one.
 */
describe.each(testDatabases())(
  'a device status is never replaced by an older report on $name',
  (testDb) => {
    let opened: OpenedTestDatabase;
    let serverA: DeviceStateRepository;
    let serverB: DeviceStateRepository;
    beforeAll(async () => {
      opened = await testDb.open();
      await migrate(opened.database);
      await opened.database.db.insert(devices).values({ devId: DEV, devClass: 'np02' });
      serverA = new DeviceStateRepository(opened.database.db);
      serverB = new DeviceStateRepository(opened.database.db);
    });
    afterAll(async () => {
      await opened.dispose();
    });

    const report = (boot: number, seq: number, on: boolean, at: number): StateWrite => ({
      devId: DEV,
      parentDevId: null,
      status: { otlts: [on], fwVer: `1.${boot}.${seq}` },
      order: { boot, seq },
      sysTime: at,
      lastContact: new Date(at * 1000),
    });
    const stored = async () => {
      const [row] = await opened.database.db.select().from(devices).where(eq(devices.devId, DEV));
      return row;
    };

    it('keeps the newer report when the older is flushed after it, and still counts the contact', async () => {
      await serverB.writeStates([report(1, 6, true, 1_000)]);
      const late = report(1, 5, false, 990);
      late.lastContact = new Date(1_010_000);
      const { written, replaced } = await serverA.writeStates([late], ['otlts']);
      expect(written).toBe(1);
      expect(replaced).toEqual([]);
      const row = await stored();
      expect(row?.status).toEqual({ otlts: [true], fwVer: '1.1.6' });
      expect([row?.statusBoot, row?.statusSeq, row?.sysTime, row?.fwVer]).toEqual([
        1,
        6,
        1_000,
        '1.1.6',
      ]);
      expect(row?.lastContact?.getTime()).toBe(1_010_000);
    });

    it('takes a report of a later boot even though its number is lower', async () => {
      const { replaced } = await serverA.writeStates([report(2, 0, false, 1_020)], ['otlts']);
      expect(replaced).toEqual([
        { devId: DEV, before: { otlts: [true] }, after: { otlts: [false] } },
      ]);
      expect((await stored())?.status).toEqual({ otlts: [false], fwVer: '1.2.0' });
      // the earlier boot's last reports arrive late: ignored
      await serverB.writeStates([report(1, 7, true, 1_001)]);
      expect([(await stored())?.statusBoot, (await stored())?.statusSeq]).toEqual([2, 0]);
    });

    it('keeps the version an upgrade installed when a report received before its end is flushed late', async () => {
      await serverA.writeStates([report(3, 0, true, 1_100)]);
      const beforeReboot = { ...report(3, 1, true, 1_101), statusAt: new Date(1_101_000) };
      // the upgrade ends: the device is back on the new version (its report follows)
      await opened.database.db
        .update(devices)
        .set({ fwVer: '4.0.2', fwVerAt: new Date(1_102_000) })
        .where(eq(devices.devId, DEV));
      await serverB.writeStates([beforeReboot]);
      const row = await stored();
      expect(row?.status).toEqual({ otlts: [true], fwVer: '1.3.1' });
      expect(row?.fwVer).toBe('4.0.2');
      // a report received after the end sets the version, whatever it says
      await serverA.writeStates([{ ...report(4, 0, true, 1_110), statusAt: new Date(1_110_000) }]);
      expect((await stored())?.fwVer).toBe('1.4.0');
    });

    it('writes an unnumbered report in arrival order (a device that does not number its reports)', async () => {
      await serverB.writeStates([{ devId: DEV, parentDevId: null, status: { otlts: [true] } }]);
      const row = await stored();
      expect(row?.status).toEqual({ otlts: [true] });
      expect([row?.statusBoot, row?.statusSeq]).toEqual([null, null]);
      await serverA.writeStates([report(1, 0, false, 900)]);
      expect((await stored())?.status).toEqual({ otlts: [false], fwVer: '1.1.0' });
    });
  },
);
