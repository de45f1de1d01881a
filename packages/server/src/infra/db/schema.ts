/**
 * Drizzle definitions of the tables created by ./migrations (the SQL files are the truth; keep
 * the two in step). Only repositories import this module.
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  tier: text('tier', { enum: ['STANDARD', 'SUPPORT'] })
    .notNull()
    .default('STANDARD'),
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const authTokens = pgTable('auth_tokens', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  userId: text('user_id').notNull(),
  email: text('email'),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  ip: text('ip'),
  failedAt: ts('failed_at').notNull().defaultNow(),
});

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  /** When the message was queued (the name predates the mail queue). */
  sentAt: ts('sent_at').notNull().defaultNow(),
  html: text('html'),
  /** Extra headers of the message (e.g. List-Unsubscribe), name → value. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  deliveryState: text('delivery_state')
    .$type<'queued' | 'sent' | 'retrying' | 'failed'>()
    .notNull()
    .default('sent'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  deliveredAt: ts('delivered_at'),
});

export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  company: text('company'),
  email: text('email'),
  phone: text('phone'),
  phone2: text('phone2'),
  address: text('address'),
  address2: text('address2'),
  city: text('city'),
  postalCode: text('postal_code'),
  region: text('region'),
  country: text('country'),
  imageFileRef: text('image_file_ref'),
  primaryContactId: text('primary_contact_id'),
  createdAt: createdAt(),
});

export const contacts = pgTable('contacts', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
});

export const locations = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  clientId: text('client_id'),
  primeContactId: text('prime_contact_id'),
  address: text('address'),
  address2: text('address2'),
  city: text('city'),
  postalCode: text('postal_code'),
  region: text('region'),
  country: text('country'),
  dst: boolean('dst').notNull().default(false),
  timezone: text('timezone').notNull().default('-8.00'),
  viewpref: text('viewpref').notNull().default('outlet_controls'),
  installDate: date('install_date', { mode: 'string' }),
  groupId: text('group_id'),
  otltLock: boolean('otlt_lock').notNull().default(false),
  imageFileRef: text('image_file_ref'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const permissions = pgTable(
  'permissions',
  {
    userId: text('user_id').notNull(),
    siteId: text('site_id').notNull(),
    permLvl: text('perm_lvl', { enum: ['CLIENT', 'ADMIN', 'owner', 'INSTALLER'] }).notNull(),
    /**
     * lower(name) of the location, the list's order: written by the database (migration 0069's
     * triggers), never by the code; the default only lets an insert leave it out.
     */
    siteNameKey: text('site_name_key').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);

const userSitePair = (name: string) =>
  pgTable(
    name,
    {
      userId: text('user_id').notNull(),
      siteId: text('site_id').notNull(),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
  );
export const siteWatches = userSitePair('site_watches');
export const siteMutes = userSitePair('site_mutes');

export const devices = pgTable('devices', {
  devId: text('dev_id').primaryKey(),
  siteId: text('site_id'),
  devClass: text('dev_class').notNull(),
  devName: text('dev_name').notNull().default(''),
  fwVer: text('fw_ver'),
  /** When an upgrade's end set fwVer: a status received before it does not set it back (0070). */
  fwVerAt: ts('fw_ver_at'),
  parentDevId: text('parent_dev_id'),
  claimKeyHash: text('claim_key_hash'),
  claimedBy: text('claimed_by'),
  mqttSecretHash: text('mqtt_secret_hash'),
  info: jsonb('info').$type<Record<string, unknown>>().notNull().default({}),
  status: jsonb('status').$type<Record<string, unknown>>().notNull().default({}),
  lastContact: ts('last_contact'),
  sysTime: bigint('sys_time', { mode: 'number' }),
  /** The stored status's place among its device's reports (migration 0067). */
  statusBoot: bigint('status_boot', { mode: 'number' }),
  statusSeq: bigint('status_seq', { mode: 'number' }),
  createdAt: createdAt(),
  online: boolean('online').notNull().default(false),
  nearGatewayId: text('near_gateway_id'),
});

export const outlets = pgTable(
  'outlets',
  {
    devId: text('dev_id').notNull(),
    otltId: integer('otlt_id').notNull(),
    name1: text('name1').notNull().default(''),
    name2: text('name2'),
    name3: text('name3'),
    locked: boolean('locked').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.devId, t.otltId] })],
);

const userDevicePair = (name: string) =>
  pgTable(
    name,
    {
      userId: text('user_id').notNull(),
      devId: text('dev_id').notNull(),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.devId] })],
  );
export const deviceWatches = userDevicePair('device_watches');
export const deviceMutes = userDevicePair('device_mutes');

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const deviceCredentials = pgTable('device_credentials', {
  devId: text('dev_id').primaryKey(),
  claimKeyVerifier: text('claim_key_verifier'),
  secretVerifier: text('secret_verifier'),
  pendingVerifier: text('pending_verifier'),
  pendingSince: ts('pending_since'),
  revokedAt: ts('revoked_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deviceCommands = pgTable('device_commands', {
  id: uuid('id').primaryKey(),
  devId: text('dev_id').notNull(),
  kidId: text('kid_id'),
  svc: text('svc').notNull(),
  args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
  actorKind: text('actor_kind', { enum: ['user', 'schedule', 'api'] }).notNull(),
  actorId: text('actor_id'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const deviceCommandEvents = pgTable('device_command_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  cmdId: uuid('cmd_id').notNull(),
  state: text('state', {
    enum: ['sent', 'acknowledged', 'done', 'failed', 'expired'],
  }).notNull(),
  error: text('error'),
  at: ts('at').notNull(),
  /** Who recorded the step (migration 0049); null before it. */
  source: text('source', { enum: ['server', 'orphaned', 'ack', 'status'] }),
});

export const deviceReadings = pgTable(
  'device_readings',
  {
    devId: text('dev_id').notNull(),
    at: ts('at').notNull(),
    voltage: real('voltage'),
    amperage: real('amperage'),
    wattage: real('wattage'),
    battlevel: real('battlevel'),
    /** Power factor, where the family reports it (migration 0058). */
    pwrFact: real('pwr_fact'),
  },
  (t) => [primaryKey({ columns: [t.devId, t.at] })],
);

export const deviceClaimAttempts = pgTable('device_claim_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull(),
  ip: text('ip'),
  succeeded: boolean('succeeded').notNull(),
  at: ts('at').notNull(),
});
