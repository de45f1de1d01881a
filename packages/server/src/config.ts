import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { parseFault } from '@powerdeck/simulator/fault-spec';
import { z } from 'zod';
import { repoRoot } from './server-root';

/** Empty or blank values count as unset: `DATABASE_URL=` means "use the embedded database". */
const unsetIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = z.preprocess(unsetIfBlank, z.string().trim().optional());

const optionalUrl = (protocols: readonly string[]) =>
  z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .refine((value) => protocols.includes(protocolOf(value)), {
        message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );

const RETENTION_DAYS_MESSAGE = "must be a whole number of days from 1 to 99999, or 'off'";

/** Days a kind of row is kept (RETENTION_*_DAYS): a whole number, or `off` (kept forever: null). */
const retentionDays = (fallback: number) =>
  z
    .preprocess(
      unsetIfBlank,
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((v) => v === 'off' || (/^\d{1,5}$/.test(v) && Number(v) >= 1), {
          message: RETENTION_DAYS_MESSAGE,
        })
        .transform((v) => (v === 'off' ? null : Number(v)))
        .optional(),
    )
    .transform((v) => (v === undefined ? fallback : v));

function protocolOf(value: string): string {
  try {
    return new URL(value).protocol.replace(/:$/, '');
  } catch {
    return '';
  }
}

const PORT_RANGE = 'must be a whole number between 0 and 65535';
const READABLE_FILE = { message: 'must be the path of a readable file' };
const portNumber = (fallback: number) =>
  z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ message: PORT_RANGE })
      .int(PORT_RANGE)
      .min(0, PORT_RANGE)
      .max(65535, PORT_RANGE)
      .default(fallback),
  );

/** The embedded broker's fixed port: not 1883, which a system Mosquitto often holds. */
export const DEFAULT_MQTT_PORT = 1884;
export const DEFAULT_MQTT_TLS_PORT = 8883;

const envSchema = z.object({
  PORT: portNumber(8080),
  // no default here: it depends on DEMO (see loadConfig)
  HOST: z.preprocess(unsetIfBlank, z.string().trim().optional()),
  DATA_DIR: z.preprocess(unsetIfBlank, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  MQTT_URL: optionalUrl(['mqtt', 'mqtts', 'tcp', 'tls', 'ws', 'wss']),
  MQTT_DYNSEC_URL: optionalUrl(['mqtt', 'mqtts', 'tcp', 'tls', 'ws', 'wss']),
  SERVER_NAME: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'SERVER_NAME must be 1-64 letters, digits, ".", "_" or "-"')
      .optional(),
  ),
  MQTT_PORT: portNumber(DEFAULT_MQTT_PORT),
  // no default here: it follows HOST (see loadConfig)
  MQTT_HOST: z.preprocess(unsetIfBlank, z.string().trim().optional()),
  MQTT_TLS_PORT: portNumber(DEFAULT_MQTT_TLS_PORT),
  MQTT_TLS_CERT: z.preprocess(
    unsetIfBlank,
    z.string().trim().refine(isReadableFile, READABLE_FILE).optional(),
  ),
  MQTT_TLS_KEY: z.preprocess(
    unsetIfBlank,
    z.string().trim().refine(isReadableFile, READABLE_FILE).optional(),
  ),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  DEMO: z.preprocess(
    (value) =>
      typeof unsetIfBlank(value) === 'string' ? String(value).trim().toLowerCase() : value,
    z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('true'),
  ),
  BANNER_MESSAGE: optionalText,
  CLASSIC_UI_URL: optionalUrl(['http', 'https']),
  SUPPORT_EMAIL: z.preprocess(
    unsetIfBlank,
    z.email('must be an e-mail address').default('support@example.com'),
  ),
  SUPPORT_PHONE: optionalText,
  TRACKING_ID: optionalText,
  PUBLIC_ORIGIN: optionalUrl(['http', 'https']),
  WEB_DIST: optionalText,
  SIGNIN_RATE_LIMIT: z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ message: 'must be a whole number of at least 1' })
      .int('must be a whole number of at least 1')
      .min(1, 'must be a whole number of at least 1')
      .default(20),
  ),
  FIRMWARE_CONCURRENCY: z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ message: 'must be a whole number from 1 to 100' })
      .int('must be a whole number from 1 to 100')
      .min(1, 'must be a whole number from 1 to 100')
      .max(100, 'must be a whole number from 1 to 100')
      .default(5),
  ),
  FIRMWARE_STEP_TIMEOUT_S: z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ message: 'must be a number of seconds from 0.2 to 600' })
      .min(0.2, 'must be a number of seconds from 0.2 to 600')
      .max(600, 'must be a number of seconds from 0.2 to 600')
      .default(20),
  ),
  TRUST_PROXY: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()))
      .refine((entries) => entries.every(isAddressOrSubnet), {
        message: 'must be a comma-separated list of IP addresses or subnets (e.g. 10.0.0.0/8)',
      })
      .optional(),
  ),
  DEMO_FAULTS: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()))
      .refine((entries) => entries.every(isFaultSpec), {
        message:
          'must be a comma-separated list of simulator faults as `npm run simulator -- --fault` ' +
          'takes them (e.g. firmware:1065A34B1341:corruptedImage)',
      })
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters (a random secret, e.g. `openssl rand -hex 24`)')
      .optional(),
  ),
  RETENTION_READINGS_DAYS: retentionDays(7),
  RETENTION_COMMANDS_DAYS: retentionDays(90),
  RETENTION_SESSIONS_DAYS: retentionDays(7),
  RETENTION_LOGIN_FAILURES_DAYS: retentionDays(30),
  RETENTION_OUTBOX_DAYS: retentionDays(30),
  RETENTION_OUTBOX_FAILED_DAYS: retentionDays(90),
  RETENTION_BATCH_SIZE: z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ message: 'must be a whole number from 1 to 100000' })
      .int('must be a whole number from 1 to 100000')
      .min(1, 'must be a whole number from 1 to 100000')
      .max(100_000, 'must be a whole number from 1 to 100000')
      .default(5_000),
  ),
  LOG_LEVEL: z.preprocess(
    unsetIfBlank,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

function isReadableFile(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isFaultSpec(entry: string): boolean {
  try {
    parseFault(entry);
    return true;
  } catch {
    return false;
  }
}

/** An IP address, or a subnet as address/prefix-length (10.0.0.0/8, fd00::/8). */
function isAddressOrSubnet(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

/**
 * How long retention (areas/retention/) keeps each kind of row, in days; null: kept forever
 * (docs/operations.md, "Retention").
 */
export interface RetentionSettings {
  /** Raw meter readings (RETENTION_READINGS_DAYS, default 7), never before they are rolled up. */
  readingsDays: number | null;
  /** Finished commands with their steps (RETENTION_COMMANDS_DAYS, default 90). */
  commandsDays: number | null;
  /** Sessions, counted from when they expired or were revoked (RETENTION_SESSIONS_DAYS, 7). */
  sessionsDays: number | null;
  /** Failed sign-ins (RETENTION_LOGIN_FAILURES_DAYS, default 30). */
  loginFailuresDays: number | null;
  /** Delivered outbox messages (RETENTION_OUTBOX_DAYS, default 30). */
  outboxDays: number | null;
  /** Outbox messages whose delivery failed for good (RETENTION_OUTBOX_FAILED_DAYS, default 90). */
  outboxFailedDays: number | null;
  /** Rows one delete statement removes at most (RETENTION_BATCH_SIZE, default 5,000). */
  batchSize: number;
}

export interface Config {
  port: number;
  /** The interface to listen on: HOST, else loopback in demo mode and every interface without. */
  host: string;
  dataDir: string;
  /** Where the embedded database keeps its files (DATA_DIR/pglite); unused with DATABASE_URL. */
  pgliteDir: string;
  databaseUrl: string | null;
  mqttUrl: string | null;
  /**
   * Mosquitto's dynamic-security admin identity (MQTT_DYNSEC_URL, with MQTT_URL): the servers
   * provision each device's credential and topic rule there (docs/operations.md, "Mosquitto").
   */
  mqttDynsecUrl: string | null;
  /**
   * This server among several (SERVER_NAME, default host name and PORT): the same after a
   * restart, so the broker keeps what it holds for it (its event session) until it is back.
   */
  serverName: string;
  /**
   * The embedded broker's listener (unused with MQTT_URL): MQTT_PORT (default 1884, fixed so
   * devices find it after a restart) on MQTT_HOST, which defaults to the HTTP side's host.
   */
  mqttPort: number;
  mqttHost: string;
  /** MQTT over TLS beside the plain listener, when MQTT_TLS_CERT and MQTT_TLS_KEY are set. */
  mqttTls: { port: number; certFile: string; keyFile: string } | null;
  smtpUrl: string | null;
  demo: boolean;
  bannerMessage: string | null;
  classicUiUrl: string | null;
  supportEmail: string;
  supportPhone: string | null;
  trackingId: string | null;
  /** scheme://host[:port] without a trailing slash: links in e-mails and the cross-site check. */
  publicOrigin: string;
  webDist: string;
  logLevel: LogLevel;
  /** Sign-in attempts a minute from one address before 429 (the per-account throttle is apart). */
  signInRateLimit: number;
  /**
   * Addresses of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty:
   * none, the client address is the connection's. Throttling by address needs it behind a proxy.
   */
  trustProxy: string[];
  /** Firmware upgrades under way at once per location (FIRMWARE_CONCURRENCY, default 5). */
  firmwareConcurrency: number;
  /**
   * How long the server waits for a device's answer to one firmware step (FIRMWARE_STEP_TIMEOUT_S,
   * default 20 s); the other waits of an upgrade follow from it (docs/api/firmware.md).
   */
  firmwareStepTimeoutMs: number;
  /**
   * Demo only: faults injected into the demo fleet once it runs (DEMO_FAULTS, the simulator's
   * `--fault` specs, e.g. `firmware:DEVID:corruptedImage` fails that device's next upgrade).
   */
  demoFaults: string[];
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); null: /metrics is off (404). */
  metricsToken: string | null;
  retention: RetentionSettings;
}

/** A configuration value the server cannot start with; the message names the variable. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the server configuration from environment variables (README "Configuration").
 * Throws a ConfigError naming every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const demo = e.DEMO !== 'false';
  if ((e.MQTT_TLS_CERT === undefined) !== (e.MQTT_TLS_KEY === undefined)) {
    const missing = e.MQTT_TLS_CERT === undefined ? 'MQTT_TLS_CERT' : 'MQTT_TLS_KEY';
    throw new ConfigError([
      { variable: missing, message: 'must be set too: TLS needs both a certificate and its key' },
    ]);
  }
  // The demo has published passwords and an outbox: it stays on this machine unless told.
  const host = e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0');
  return {
    port: e.PORT,
    host,
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    databaseUrl: e.DATABASE_URL ?? null,
    mqttUrl: e.MQTT_URL ?? null,
    mqttDynsecUrl: e.MQTT_URL ? (e.MQTT_DYNSEC_URL ?? null) : null,
    serverName: e.SERVER_NAME ?? `${hostname()}-${e.PORT}`,
    mqttPort: e.MQTT_PORT,
    mqttHost: e.MQTT_HOST ?? host,
    mqttTls:
      e.MQTT_TLS_CERT === undefined || e.MQTT_TLS_KEY === undefined
        ? null
        : {
            port: e.MQTT_TLS_PORT,
            certFile: resolve(e.MQTT_TLS_CERT),
            keyFile: resolve(e.MQTT_TLS_KEY),
          },
    smtpUrl: e.SMTP_URL ?? null,
    demo,
    bannerMessage: e.BANNER_MESSAGE ?? null,
    classicUiUrl: e.CLASSIC_UI_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE ?? null,
    trackingId: e.TRACKING_ID ?? null,
    publicOrigin: e.PUBLIC_ORIGIN
      ? new URL(e.PUBLIC_ORIGIN).origin
      : `http://localhost:${e.PORT === 0 ? 8080 : e.PORT}`,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(repoRoot, 'packages/web/dist'),
    logLevel: e.LOG_LEVEL,
    signInRateLimit: e.SIGNIN_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY ?? [],
    firmwareConcurrency: e.FIRMWARE_CONCURRENCY,
    firmwareStepTimeoutMs: Math.round(e.FIRMWARE_STEP_TIMEOUT_S * 1000),
    demoFaults: e.DEMO_FAULTS ?? [],
    metricsToken: e.METRICS_TOKEN ?? null,
    retention: {
      readingsDays: e.RETENTION_READINGS_DAYS,
      commandsDays: e.RETENTION_COMMANDS_DAYS,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
      loginFailuresDays: e.RETENTION_LOGIN_FAILURES_DAYS,
      outboxDays: e.RETENTION_OUTBOX_DAYS,
      outboxFailedDays: e.RETENTION_OUTBOX_FAILED_DAYS,
      batchSize: e.RETENTION_BATCH_SIZE,
    },
  };
}
