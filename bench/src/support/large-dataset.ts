import { createArgon2Hasher, migrate } from '@powerdeck/server';
import { sql } from 'drizzle-orm';
import { type BenchDatabase, openBenchDatabase } from './bench-database';

/**
 * The large dataset of issue 17 on PostgreSQL, shared by the search and HTTP load benches: at full
 * size 20,000 locations, 200,000 devices × 5 outlets (1,000,000 outlets), 2,000 clients, a STANDARD
 * user holding a level at every 10th location (2,000 locations), a SUPPORT user, and 20 other
 * accounts with 1,000 levels each.
 *
 * Env: BENCH_SCALE (default 1) multiplies every count but the outlets per device and the every-10th
 * rule, e.g. 0.025 for 500 locations; BENCH_DATABASE_URL or TEST_DATABASE_URL (the PostgreSQL
 * server, default postgres://postgres@127.0.0.1:5432/test), where a database is made for the run
 * and dropped after it.
 */

export interface LargeDatasetSize {
  locations: number;
  devices: number;
  outletsPerDevice: number;
  clients: number;
  /** The STANDARD user holds a level at every this-many-th location. */
  userEvery: number;
  /** Locations the STANDARD user holds a level at. */
  userLocations: number;
  otherUsers: number;
  /** Levels each other account holds (at spread-out locations). */
  otherLevels: number;
}

/** The STANDARD user (a level at every `userEvery`-th location) and the SUPPORT user. */
export const BENCH_USER = { id: 'bench-user', email: 'user@bench.test' } as const;
export const BENCH_SUPPORT = { id: 'bench-support', email: 'support@bench.test' } as const;
/** Both bench users sign in with this password (their e-mail addresses are verified). */
export const BENCH_PASSWORD = 'bench-password-1';

function largeDatasetSize(scale: number): LargeDatasetSize {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error('BENCH_SCALE must be a number > 0');
  const of = (full: number) => Math.max(1, Math.round(full * scale));
  const locations = of(20_000);
  const userEvery = 10;
  return {
    locations,
    devices: of(200_000),
    outletsPerDevice: 5,
    clients: of(2_000),
    userEvery,
    userLocations: Math.floor(locations / userEvery),
    otherUsers: 20,
    otherLevels: of(1_000),
  };
}

/** `20000 locations, 200000 devices, 1000000 outlets, 2000 clients`. */
export function describeSize(size: LargeDatasetSize): string {
  return `${size.locations} locations, ${size.devices} devices, ${size.devices * size.outletsPerDevice} outlets, ${size.clients} clients`;
}

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
export function searchKeywords(size: LargeDatasetSize, count: number): string[] {
  const list: string[] = [];
  for (let i = 0; list.length < count; i++) {
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
        list.push(`${pick(PLACES)} ${(i * 37) % size.locations}`);
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

type Db = BenchDatabase['database']['db'];

async function build(db: Db, size: LargeDatasetSize): Promise<void> {
  const passwordHash = await createArgon2Hasher().hash(BENCH_PASSWORD);
  await db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name, tier, email_verified_at)
    VALUES (${BENCH_USER.id}, ${BENCH_USER.email}, ${passwordHash}, 'Bench', 'User', 'STANDARD', now()),
           (${BENCH_SUPPORT.id}, ${BENCH_SUPPORT.email}, ${passwordHash}, 'Bench', 'Support', 'SUPPORT', now())`);
  await db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name)
    SELECT 'other-' || u, 'other' || u || '@bench.test', 'x', 'Other', 'User'
    FROM generate_series(1, ${n(size.otherUsers)}) u`);
  await db.execute(sql`
    INSERT INTO clients (id, first_name, email)
    SELECT 'c' || i, (${pgArray(PLACES)})[1 + i % ${n(PLACES.length)}] || ' Group ' || i, 'c' || i || '@clients.test'
    FROM generate_series(1, ${n(size.clients)}) i`);
  await db.execute(sql`
    INSERT INTO locations (id, name, client_id)
    SELECT 'l' || i,
      (${pgArray(PLACES)})[1 + i % ${n(PLACES.length)}] || ' ' || (${pgArray(SPOTS)})[1 + (i / 7) % ${n(SPOTS.length)}] || ' ' || i,
      'c' || (1 + i % ${n(size.clients)})
    FROM generate_series(1, ${n(size.locations)}) i`);
  await db.execute(sql`
    INSERT INTO permissions (user_id, site_id, perm_lvl)
    SELECT ${BENCH_USER.id}, 'l' || i, 'ADMIN'
    FROM generate_series(${n(size.userEvery)}, ${n(size.locations)}, ${n(size.userEvery)}) i`);
  // other accounts hold levels too, so the permissions table is not just the measured user's
  await db.execute(sql`
    INSERT INTO permissions (user_id, site_id, perm_lvl)
    SELECT 'other-' || u, 'l' || (1 + (u * 997 + k) % ${n(size.locations)}), 'owner'
    FROM generate_series(1, ${n(size.otherUsers)}) u, generate_series(1, ${n(size.otherLevels)}) k
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO devices (dev_id, site_id, dev_class, dev_name)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), 'l' || (1 + i % ${n(size.locations)}),
      (${pgArray(CLASSES)})[1 + i % ${n(CLASSES.length)}],
      (${pgArray(ROOMS)})[1 + (i / 3) % ${n(ROOMS.length)}] || ' ' || upper((${pgArray(CLASSES)})[1 + i % ${n(CLASSES.length)}])
    FROM generate_series(1, ${n(size.devices)}) i`);
  await db.execute(sql`
    INSERT INTO outlets (dev_id, otlt_id, name1)
    SELECT '1065A3' || lpad(upper(to_hex(i)), 6, '0'), o,
      (${pgArray(LABELS)})[1 + (i * 3 + o) % ${n(LABELS.length)}]
    FROM generate_series(1, ${n(size.devices)}) i, generate_series(1, ${n(size.outletsPerDevice)}) o`);
  // steady state: autovacuum has flushed the GIN pending lists and gathered statistics
  await db.execute(sql`VACUUM ANALYZE`);
}

export interface LargeDataset extends BenchDatabase {
  size: LargeDatasetSize;
  /** The database's own URL (for a server in another process). */
  url: string;
  buildSeconds: number;
}

/**
 * A fresh PostgreSQL database (named `{prefix}_{random}`), migrated and filled with the dataset at
 * BENCH_SCALE; `dispose` drops it.
 */
export async function openLargeDataset(prefix: string): Promise<LargeDataset> {
  const size = largeDatasetSize(Number(process.env.BENCH_SCALE?.trim() || 1));
  const adminUrl =
    process.env.BENCH_DATABASE_URL?.trim() ||
    process.env.TEST_DATABASE_URL?.trim() ||
    'postgres://postgres@127.0.0.1:5432/test';
  const opened = await openBenchDatabase(adminUrl, prefix);
  try {
    if (opened.url === undefined) throw new Error('the large dataset needs PostgreSQL');
    await migrate(opened.database);
    const started = performance.now();
    await build(opened.database.db, size);
    const buildSeconds = (performance.now() - started) / 1000;
    return { ...opened, url: opened.url, size, buildSeconds };
  } catch (error) {
    await opened.dispose();
    throw error;
  }
}
