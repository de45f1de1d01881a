import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

export interface EmbeddedBroker {
  url: string;
  stats(): Promise<BrokerStats>;
  stop(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  deviceKey: string;
  serviceToken: string;
  logLevel?: string;
}

const brokerEntry = fileURLToPath(new URL('./broker-process.ts', import.meta.url));

/** Starts the embedded broker in a child process and resolves once it accepts connections. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const host = options.host ?? '127.0.0.1';
  const child = fork(brokerEntry, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PD_DEVICE_KEY: options.deviceKey,
      PD_SERVICE_TOKEN: options.serviceToken,
      PD_BROKER_HOST: host,
      PD_BROKER_PORT: String(options.port ?? 0),
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded MQTT broker exited (code ${code})`)));
    child.on('message', (message: unknown) => {
      if (isMessage(message, 'ready') && 'port' in message && typeof message.port === 'number') {
        resolve(message.port);
      }
    });
  });

  return {
    url: `mqtt://${host}:${port}`,
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

function isMessage(message: unknown, type: string): message is { type: string } {
  return (
    typeof message === 'object' && message !== null && 'type' in message && message.type === type
  );
}
