import { SEARCH_LIMITS, type SearchQuery, type SessionUser } from '@powerdeck/domain';
import { SearchRepository, SearchService, migrate, openDatabase } from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { type BenchModule, type BenchResult, ms, percentile } from './bench';

const LOCATIONS = 20_000;
const DEVICES = 200_000;
const OUTLETS_PER_DEVICE = 5;
const CLIENTS = 2_000;
/** The standard user holds a level at every 10th location: ~2,000 locations. */
const USER_EVERY = 10;
const QUERIES = 500;

const PLACES = [
  'Harbor',
  'Summit',
  'Lakeside',
  'Pinecrest',
  'Brightline',
  'Redwood',
  'Cedar',
  'Maple',
  'Granite',
  'Riverside',
  'Oakwood',
  'Bayview',
];
const SPOTS = [
  'Lobby',
  'Clubhouse',
  'Warehouse',
  'Showroom',
  'Ballroom',
  'Pavilion',
  'Office',
  'Studio',
  'Clinic',
  'Chapel',
];
const ROOMS = [
  'Equipment Rack',
  'Main Rack',
  'Lobby',
  'AV Closet',
  'Theater',
  'Server Room',
  'Stage Left',
  'Front Desk',
  'Back Office',
];
const CLASSES = ['m4315', 'm4320', 'f1500', 'vt1512', 'dc12ip', 'c3ip', 'bb1000', 'cv2'];
const LABELS = [
  'Projector',
  'Amplifier',
  'DSP',
  'Network Switch',
  'Router',
  'Display Left',
  'Display Right',
  'Media Player',
  'Camera',
  'Access Point',
  'Mixer',
  'Subwoofer',
  'Lighting',
  'Cable Box',
  'NVR',
  'Modem',
  'Rack Fan',
];

/** A constant spelled into the SQL (a parameter would leave `i % $1` ambiguous). */
const n = (value: number) => sql.raw(String(value));

const pgArray = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** Keywords people type: names, fragments, MAC pieces, a client, a rare name, no match. */
function keywords(): string[] {
  const list: string[] = [];
  for (let i = 0; list.length < QUERIES; i++) {
    const pick = <T>(xs: readonly T[]) => xs[i % xs.length] as T;
    switch (i % 10) {
      case 0:
        list.push(pick(PLACES));
        break;
      case 1:
        list.push(`${pick(PLACES)} ${pick(SPOTS)}`.toLowerCase());
        break;
      case 2:
        list.push(pick(LABELS));
        break;
      case 3:
        list.push(pick(LABELS).slice(0, 4).toLowerCase());
        break;
      case 4:
        list.push(pick(ROOMS));
        break;
      case 5:
        list.push(`1065A3${((i * 7919) % 0xffff).toString(16).toUpperCase().padStart(4, '0')}`);
        break;
      case 6:
        list.push(`${pick(PLACES)} ${(i * 37) % LOCATIONS}`);
        break;
      case 7:
        list.push(`${pick(PLACES)} Group`);
        break;
      case 8:
        list.push(pick(SPOTS).slice(1, 5));
        break;
      default:
        list.push(`zq${i}x`);
    }
  }
  return list;
}

export async function buildSearchData(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name, tier)
    VALUES ('bench-user', 'user@bench.test', 'x', 'Bench', 'User', 'STANDARD'),
           ('bench-support', 'support@bench.test', 'x', 'Bench', 'Support', 'SUPPORT')`);
  await db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name)
    SELECT 'other-' || u, 'other' || u || '@bench.test', 'x', 'Other', 'User' FROM generate_series(1, 20) u`);
  await db.execute(sql`
    INSERT INTO clients (id, first_name, email)
    SELECT 'c' || i, (${pgArray(PLACES)})[1 + i % ${n(PLACES.length)}] || ' Group ' || i, 'c' || i || '@clients.test'
    FROM generate_series(1, ${n(CLIENTS)}) i`);
  await db.execute(sql`
    INSERT INTO locations (id, name, client_id)
    SELECT 'l' || i,
      (${pgArray(PLACES)})[1 + i % ${n(PLACES.length)}] || ' ' || (${pgArray(SPOTS)})[1 + (i / 7) % ${n(SPOTS.length)}] || ' ' || i,
      'c' || (1 + i % ${n(CLIENTS)})
    FROM generate_series(1, ${n(LOCATIONS)}) i`);
  await db.execute(sql`
    INSERT INTO permissions (user_id, site_id, perm_lvl)
    SELECT 'bench-user', 'l' || i, 'ADMIN' FROM generate_series(${n(USER_EVERY)}, ${n(LOCATIONS)}, ${n(USER_EVERY)}) i`);
  // other accounts hold levels too, so the permissions table is not just the measured user's
  await db.execute(sql`
    INSERT INTO permissions (user_id, site_id, perm_lvl)
    SELECT 'other-' || u, 'l' || (1 + (u * 997 + k) % ${n(LOCATIONS)}), 'owner'
    FROM generate_series(1, 20) u, generate_series(1, 1000) k
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO devices (dev_id, site_id, dev_class, dev_name)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), 'l' || (1 + i % ${n(LOCATIONS)}),
      (${pgArray(CLASSES)})[1 + i % ${n(CLASSES.length)}],
      (${pgArray(ROOMS)})[1 + (i / 3) % ${n(ROOMS.length)}] || ' ' || upper((${pgArray(CLASSES)})[1 + i % ${n(CLASSES.length)}])
    FROM generate_series(1, ${n(DEVICES)}) i`);
  await db.execute(sql`
    INSERT INTO outlets (dev_id, otlt_id, name1)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), o,
      (${pgArray(LABELS)})[1 + (i * 3 + o) % ${n(LABELS.length)}]
    FROM generate_series(1, ${n(DEVICES)}) i, generate_series(1, ${n(OUTLETS_PER_DEVICE)}) o`);
  // steady state: autovacuum has flushed the GIN pending lists and gathered statistics
  await db.execute(sql`VACUUM ANALYZE`);
}

async function measure(service: SearchService, user: SessionUser, req: SearchQuery['req']) {
  const times: number[] = [];
  let rows = 0;
  const list = keywords();
  // warm-up: the first queries load index pages
  for (const keyword of list.slice(0, 20)) await service.search(user, { req, keyword });
  for (const keyword of list) {
    if (req === 'autosuggest' && keyword.length < 3) continue;
    const started = performance.now();
    const result = await service.search(user, { req, keyword });
    times.push(performance.now() - started);
    rows +=
      result.locations.length +
      result.devices.length +
      result.outlets.length +
      result.clients.length;
  }
  return {
    queries: times.length,
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': ms(percentile(times, 95)),
    'p99 ms': ms(percentile(times, 99)),
    'max ms': ms(Math.max(...times)),
    'rows/query': Math.round(rows / times.length),
  };
}

const bench: BenchModule = {
  name: 'search',
  async run(): Promise<BenchResult[]> {
    const adminUrl =
      process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
    const name = `pd_bench_search_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await migrate(database);
      const started = performance.now();
      await buildSearchData(database.db);
      const buildSeconds = (performance.now() - started) / 1000;
      const service = new SearchService(new SearchRepository(database.db));
      const user = (userId: string, tier: SessionUser['tier']): SessionUser => ({
        userId,
        email: `${userId}@bench.test`,
        firstName: 'Bench',
        lastName: 'User',
        tier,
      });
      const results: BenchResult[] = [];
      for (const [label, who] of [
        [`user with ${LOCATIONS / USER_EVERY} locations`, user('bench-user', 'STANDARD')],
        ['SUPPORT (all locations)', user('bench-support', 'SUPPORT')],
      ] as const) {
        for (const req of ['search', 'autosuggest'] as const) {
          results.push({
            name: `search req=${req}, ${label}`,
            figures: await measure(service, who, req),
            note: `limit ${SEARCH_LIMITS[req]} per group; target p99 <= 20 ms`,
          });
        }
      }
      results[0] = {
        ...results[0]!,
        note: `${results[0]?.note ?? ''}; data: ${LOCATIONS} locations, ${DEVICES} devices, ${DEVICES * OUTLETS_PER_DEVICE} outlets, ${CLIENTS} clients, built in ${buildSeconds.toFixed(0)} s`,
      };
      return results;
    } finally {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    }
  },
};

export default bench;
