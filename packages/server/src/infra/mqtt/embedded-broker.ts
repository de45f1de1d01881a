import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverRoot } from '../../server-root';
import type { BrokerCredentialSink } from './broker-credentials';
import type { Refusal } from './broker-limits';

/** The broker process's own figures. */
export interface BrokerStats {
  rssBytes: number;
  heapUsedBytes: number;
  /** Retained messages held and their payload bytes, every device together. */
  retained: { messages: number; bytes: number };
  /** Connections dropped (or retained messages refused) per broker limit, since start. */
  refusals: Record<Refusal, number>;
}

/**
 * The embedded broker takes its device credentials from the server's database: `grant` lifts a
 * refusal (the password itself stays in the database), `revoke` refuses the device and ends its
 * connection; both resolve once the broker process has applied them.
 */
export interface EmbeddedBroker extends BrokerCredentialSink {
  /** The plain listener, as a client on this machine reaches it. */
  url: string;
  /** The TLS listener (`mqtts://`), when one was asked for. */
  tlsUrl: string | null;
  port: number;
  tlsPort: number | null;
  /** The broker's process (the benchmarks count its CPU time). */
  pid: number | undefined;
  stats(): Promise<BrokerStats>;
  stop(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** MQTT over TLS on its own port (0: a free one), with this PEM certificate chain and key. */
  tls?: { port: number; cert: string; key: string };
  deviceKey: string;
  serviceToken: string;
  logLevel?: string;
  /**
   * Whether the server's database knows this password for the device (a claim key or an issued
   * secret); asked for any device password that is not the derived secret. None: refused.
   */
  checkDevice?: (devId: string, password: string) => Promise<boolean>;
  /** Devices refused from the start (deleted from their location). */
  revoked?: readonly string[];
}

/** The broker could not open a listener: `code` is the system's (EADDRINUSE: port in use). */
export class BrokerListenError extends Error {
  constructor(
    readonly listener: 'plain' | 'tls',
    readonly host: string,
    readonly port: number,
    readonly code: string,
  ) {
    super(`the embedded MQTT broker cannot listen on ${host}:${port} (${code || 'error'})`);
    this.name = 'BrokerListenError';
  }
}

/** Run from the sources (tsx), the broker's child runs from them too; built, from its own entry. */
const fromSources = import.meta.url.endsWith('.ts');
const brokerEntry = fromSources
  ? fileURLToPath(new URL('./broker-process.ts', import.meta.url))
  : join(serverRoot, 'dist/broker-process.js');

/** Starts the embedded broker in a child process and resolves once it accepts connections. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const host = options.host ?? '127.0.0.1';
  const child = fork(brokerEntry, [], {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    env: {
      ...process.env,
      PD_DEVICE_KEY: options.deviceKey,
      PD_SERVICE_TOKEN: options.serviceToken,
      PD_BROKER_HOST: host,
      PD_BROKER_PORT: String(options.port ?? 0),
      ...(options.tls
        ? {
            PD_BROKER_TLS_PORT: String(options.tls.port),
            PD_BROKER_TLS_CERT: options.tls.cert,
            PD_BROKER_TLS_KEY: options.tls.key,
          }
        : {}),
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const { port, tlsPort } = await new Promise<{ port: number; tlsPort: number | null }>(
    (resolve, reject) => {
      let failure: BrokerListenError | undefined;
      child.once('exit', (code) => {
        reject(failure ?? new Error(`embedded MQTT broker exited (code ${code})`));
      });
      child.on('message', (message: unknown) => {
        if (isMessage<{ port: number; tlsPort: number | null }>(message, 'ready')) {
          resolve({ port: message.port, tlsPort: message.tlsPort });
        } else if (
          isMessage<{ listener: 'plain' | 'tls'; host: string; port: number; code: string }>(
            message,
            'listen-failed',
          )
        ) {
          const m = message;
          failure = new BrokerListenError(m.listener, m.host, m.port, m.code);
        }
      });
    },
  );
  const reachable = connectableHost(host);

  child.on('message', (message: unknown) => {
    if (!isMessage<{ ref: number; devId: string; password: string }>(message, 'check-device')) {
      return;
    }
    const { ref, devId, password } = message;
    void Promise.resolve(options.checkDevice?.(devId, password) ?? false)
      .catch(() => false)
      .then((ok) => {
        if (child.connected) child.send({ type: 'device-checked', ref, ok });
      });
  });
  let nextRef = 0;
  /** Sends a credential change and resolves once the broker process has applied it. */
  const apply = (message: object) =>
    new Promise<void>((resolve, reject) => {
      if (!child.connected) {
        reject(new Error('embedded MQTT broker exited'));
        return;
      }
      const ref = ++nextRef;
      const onExit = () => reject(new Error('embedded MQTT broker exited'));
      const onMessage = (answer: unknown) => {
        if (!isMessage<{ ref: number }>(answer, 'done') || answer.ref !== ref) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve();
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ ...message, ref });
    });
  if (options.revoked && options.revoked.length > 0) {
    await apply({ type: 'revoked-devices', devIds: options.revoked });
  }

  return {
    url: `mqtt://${reachable}:${port}`,
    tlsUrl: tlsPort === null ? null : `mqtts://${reachable}:${tlsPort}`,
    port,
    tlsPort,
    pid: child.pid,
    grant: (devId) => apply({ type: 'restore', devId }),
    revoke: (devId) => apply({ type: 'revoke', devId }),
    stats() {
      return new Promise<BrokerStats>((resolve, reject) => {
        const onExit = () => reject(new Error('embedded MQTT broker exited'));
        const onMessage = (message: unknown) => {
          if (isMessage(message, 'stats') && 'stats' in message) {
            child.off('message', onMessage);
            child.off('exit', onExit);
            resolve(message.stats as BrokerStats);
          }
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ type: 'stats' });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** A message of `type` from the broker process (its fields are the process's to get right). */
function isMessage<T extends object = object>(
  message: unknown,
  type: string,
): message is { type: string } & T {
  return (
    typeof message === 'object' && message !== null && 'type' in message && message.type === type
  );
}

/** A wildcard listener (every interface) is reached on this machine through loopback. */
function connectableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
