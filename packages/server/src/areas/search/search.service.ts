import {
  SEARCH_LIMITS,
  type SearchDevice,
  type SearchOutlet,
  type SearchQuery,
  type SearchResult,
  type SessionUser,
} from '@powerdeck/domain';
import { containsPattern } from './like-pattern';
import type { DeviceHit, OutletHit, SearchRepository, SearchScope } from './search.repository';

/** One collator for every sort: `localeCompare` with options builds one per comparison. */
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

const byText =
  <T>(text: (row: T) => string) =>
  (a: T, b: T) =>
    collator.compare(text(a), text(b));

/** The header search (spec §2): locations, devices, outlets and clients the caller may see. */
export class SearchService {
  constructor(private readonly repo: SearchRepository) {}

  async search(user: SessionUser, query: SearchQuery): Promise<SearchResult> {
    const scope: SearchScope =
      user.tier === 'SUPPORT' ? { kind: 'all' } : { kind: 'user', userId: user.userId };
    const pattern = containsPattern(query.keyword);
    const limit = SEARCH_LIMITS[query.req];
    const [locations, devices, outletRows, clients] = await Promise.all([
      this.repo.locations(scope, pattern, limit),
      this.repo.devices(scope, pattern, limit),
      // several outlets of one device may match: read more rows, then group per device (twice
      // the limit: each extra row is another label to test for a user who sees few locations)
      this.repo.outlets(scope, pattern, limit * 2),
      this.repo.clients(scope, pattern, limit),
    ]);
    return {
      locations: locations.sort(byText((l) => l.locationName)),
      devices: devices.map(toSearchDevice).sort(byText((d) => d.deviceName)),
      outlets: groupOutlets(outletRows, query.keyword).slice(0, limit),
      clients: clients.sort(byText((c) => c.clientName)),
    };
  }
}

function toSearchDevice(row: DeviceHit): SearchDevice {
  return {
    deviceName: row.deviceName,
    devClass: row.devClass,
    locationId: row.locationId,
    devId: row.devId,
    locationName: row.locationName,
    parentDevId: row.parentDevId,
    parentDevClass: row.parentDevClass,
    clientName: row.clientName,
  };
}

/**
 * One result per device, with outlet number → the labels of that outlet containing the keyword
 * (an outlet matched only across two labels' boundary is left out).
 */
function groupOutlets(rows: readonly OutletHit[], keyword: string): SearchOutlet[] {
  const needle = keyword.toLocaleLowerCase();
  const byDevice = new Map<string, SearchOutlet>();
  for (const row of rows) {
    const labels = [row.name1, row.name2, row.name3].filter(
      (label): label is string => !!label && label.toLocaleLowerCase().includes(needle),
    );
    if (labels.length === 0) continue;
    let entry = byDevice.get(row.devId);
    if (!entry) {
      entry = { ...toSearchDevice(row), outlets: {} };
      byDevice.set(row.devId, entry);
    }
    entry.outlets[String(row.otltId)] = labels.join(' / ');
  }
  return [...byDevice.values()].sort(byText((d) => d.deviceName));
}
