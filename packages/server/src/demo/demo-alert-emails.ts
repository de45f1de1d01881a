import { ALERT_TYPE } from '@powerdeck/domain';
import type { alertEmailSubscriptions } from '../infra/db/schema-collab';
import type { DemoLocation } from './demo-data';
import type { DeviceRow } from './device-plan';

export type AlertEmailRow = typeof alertEmailSubscriptions.$inferInsert;

/** The demo owner's digest window, in minutes (the shortest offered). */
const DEMO_DIGEST_MINUTES = 15;

/**
 * The demo owner's alert e-mails (issue 19): at the first location they watch (not muted, not
 * offline) every device's alerts come by e-mail at once, so an alert there (a device dropping
 * off, a power condition) puts a mail in the outbox within seconds; at their other watched
 * locations in a 15-minute digest. Switching an outlet raises no alert (docs/alerts.md).
 */
export function buildDemoAlertEmails(
  sources: readonly DemoLocation[],
  siteIds: readonly string[],
  devices: readonly DeviceRow[],
  owner: string,
  now: Date,
): AlertEmailRow[] {
  const watched = sources.flatMap((source, index) =>
    source.watched && !source.muted && !source.offline ? [siteIds[index] ?? ''] : [],
  );
  return devices.flatMap((device) => {
    const at = watched.indexOf(device.siteId ?? '');
    if (at < 0) return [];
    return [
      {
        userId: owner,
        type: ALERT_TYPE,
        devClass: device.devClass,
        devId: device.devId,
        mode: at === 0 ? ('immediate' as const) : ('digest' as const),
        digestMinutes: DEMO_DIGEST_MINUTES,
        updatedAt: now,
      },
    ];
  });
}
