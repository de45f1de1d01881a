import { initialDynsecConfig, startMosquitto } from '@powerdeck/server';

/**
 * Mosquitto for the fault drill: the shipped configuration (deploy/mosquitto) with this machine's
 * plugin, a loopback port and files in a directory of its own, as the integration tests start it
 * (packages/server/src/test/mosquitto.ts), restarted on the same port keeping its directory (the
 * persistence file and the dynamic-security file), as `docker restart` or systemd would.
 */
export interface FaultBroker {
  url: string;
  /** Mosquitto's process now (another after a restart), for its CPU time. */
  readonly pid: number | undefined;
  /** SIGTERM (Mosquitto saves its persistence file), then the same configuration again. */
  restart(): Promise<{ downMs: number }>;
  stop(): Promise<void>;
}

/**
 * Starts Mosquitto with the servers' identities and `devices` preloaded in its dynamic-security
 * file (as `initialDynsecConfig` writes it for a fleet loaded at once, docs/operations.md).
 */
export async function startFaultBroker(identities: {
  admin: { username: string; password: string };
  service: { username: string; password: string };
  devices: { devId: string; password: string }[];
}): Promise<FaultBroker> {
  const broker = await startMosquitto(JSON.stringify(initialDynsecConfig(identities)), {
    startTimeoutMs: 60_000,
  });
  return {
    url: broker.url,
    get pid() {
      return broker.pid;
    },
    async restart() {
      const t0 = performance.now();
      await broker.restart();
      return { downMs: performance.now() - t0 };
    },
    stop: () => broker.stop(),
  };
}
