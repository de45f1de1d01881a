import net from 'node:net';

/**
 * The machine's services that some integration tests also run against (Mosquitto, a PostgreSQL
 * server). On a machine without them, their cases are skipped with a message saying why; with
 * REQUIRE_SERVICES=true (CI sets it) a missing service fails the test file instead, so nothing is
 * skipped unseen there. It lives here, below the server, so that the simulator's and the server's
 * integration tests share it (`@powerdeck/simulator/test-services`) without the simulator importing
 * the server.
 */
export const REQUIRE_SERVICES = 'REQUIRE_SERVICES';

export function servicesRequired(): boolean {
  return process.env[REQUIRE_SERVICES]?.trim().toLowerCase() === 'true';
}

export interface ServiceCheck {
  /** 'Mosquitto' */
  service: string;
  url: string;
  reachable: boolean;
  /** Why its cases are skipped; empty when reachable. */
  skipReason: string;
}

const DEFAULT_PORTS: Record<string, number> = {
  'mqtt:': 1883,
  'tcp:': 1883,
  'mqtts:': 8883,
  'ssl:': 8883,
  'tls:': 8883,
  'ws:': 80,
  'wss:': 443,
  'postgres:': 5432,
  'postgresql:': 5432,
};

/** Whether a TCP connection to the URL's host and port opens within `timeoutMs`. */
export function canConnect(url: string, timeoutMs = 1000): Promise<boolean> {
  let host: string;
  let port: number;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
    port = Number(parsed.port) || DEFAULT_PORTS[parsed.protocol] || 0;
  } catch {
    return Promise.resolve(false);
  }
  if (!port) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const checks = new Map<string, Promise<ServiceCheck>>();

/**
 * Checks once per test file whether a service answers at `url`. Unreachable: prints one line and
 * returns a skip reason, or, with REQUIRE_SERVICES=true, throws (the test file fails with it).
 * `url` 'none' means the service was turned off on purpose (skipped, or failed when required).
 */
export function checkService(service: string, url: string, hint: string): Promise<ServiceCheck> {
  const key = `${service} ${url}`;
  let check = checks.get(key);
  if (!check) {
    check = (url === 'none' ? Promise.resolve(false) : canConnect(url)).then((reachable) => {
      if (reachable) return { service, url, reachable, skipReason: '' };
      const where = url === 'none' ? 'turned off (none)' : `not reachable at ${url}`;
      const problem = `${service} ${where} — ${hint}`;
      if (servicesRequired()) {
        throw new Error(`${problem}. ${REQUIRE_SERVICES}=true: the ${service} cases must run.`);
      }
      const skipReason = `${problem}; its cases are skipped`;
      console.warn(`SKIPPED: ${skipReason} (${REQUIRE_SERVICES}=true makes it required)`);
      return { service, url, reachable, skipReason };
    });
    checks.set(key, check);
  }
  return check;
}

/** Mosquitto for the tests: MQTT_TEST_URL, by default mqtt://127.0.0.1:1883. */
export function mosquittoTestUrl(): string {
  return process.env.MQTT_TEST_URL?.trim() || 'mqtt://127.0.0.1:1883';
}

export function checkMosquitto(): Promise<ServiceCheck> {
  return checkService('Mosquitto', mosquittoTestUrl(), 'set MQTT_TEST_URL or start mosquitto');
}
