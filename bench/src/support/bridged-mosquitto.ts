/**
 * Mosquitto for more devices than one process may hold files (docs/operations.md, "More devices
 * than one broker's file limit"): a core Mosquitto the servers use, and edge Mosquittos the devices
 * use, each bridged to the core. Every one runs the shipped configuration (deploy/mosquitto) with
 * dynamic security; each edge's file is loaded with its devices (each confined to its own topics).
 */
import { randomBytes } from 'node:crypto';
import {
  deriveDeviceSecret,
  SERVICE_USERNAME,
  initialDynsecConfig,
  type MosquittoProcess,
  bridgeConfiguration,
  startMosquitto,
} from '@powerdeck/server';

export interface BridgedMosquittos {
  core: MosquittoProcess;
  edges: MosquittoProcess[];
  /** The core's URL as the servers' identity. */
  serviceUrl: string;
  stop(): Promise<void>;
}

const secret = () => randomBytes(18).toString('base64url');

function withIdentity(url: string, who: { username: string; password: string }): string {
  const u = new URL(url);
  u.username = encodeURIComponent(who.username);
  u.password = encodeURIComponent(who.password);
  return u.toString();
}

/**
 * A core and one edge per device list (`edgeDevices[i]`: the device ids that connect to edge i,
 * with the secret `deviceKey` derives for each). The core bridges to each edge, signing in there
 * as the servers' identity (every device topic; a deployment may give the bridge an identity of
 * its own with the same role).
 */
export async function startBridgedMosquittos(
  edgeDevices: readonly (readonly string[])[],
  deviceKey: string,
  /** Variables for every Mosquitto process (e.g. jemalloc: see mosquittoAllocator). */
  env?: Record<string, string>,
): Promise<BridgedMosquittos> {
  const admin = { username: 'powerdeck-dynsec', password: secret() };
  const service = { username: SERVICE_USERNAME, password: secret() };
  const file = (devices: readonly string[] = []) =>
    JSON.stringify(
      initialDynsecConfig({
        admin,
        service,
        devices: devices.map((devId) => ({
          devId,
          password: deriveDeviceSecret(deviceKey, devId),
        })),
      }),
    );
  const started: MosquittoProcess[] = [];
  try {
    const edges = await Promise.all(
      edgeDevices.map((devices) => startMosquitto(file(devices), env ? { env } : {})),
    );
    started.push(...edges);
    // the core connects to every edge (see bridgeConfiguration: the edges' sockets have no delay)
    const core = await startMosquitto(file(), {
      ...(env ? { env } : {}),
      extraConfig: edges
        .map((edge, i) =>
          bridgeConfiguration({
            name: `pd-core-edge-${i + 1}`,
            remoteUrl: withIdentity(edge.url, service),
            at: 'core',
          }),
        )
        .join('\n'),
    });
    started.push(core);
    return {
      core,
      edges,
      serviceUrl: withIdentity(core.url, service),
      stop: async () => {
        await core.stop();
        await Promise.all(edges.map((edge) => edge.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((m) => m.stop()));
    throw error;
  }
}

/**
 * Mosquitto on jemalloc (the library at `path`, e.g. Debian's libjemalloc2) with a background
 * thread that hands freed memory back: with glibc's allocator an edge keeps the ~7 KB a device
 * that loading the dynamic-security file used and freed (209 → 93 MB for 16,667 devices).
 */
export function jemallocEnv(path: string): Record<string, string> {
  return {
    LD_PRELOAD: path,
    MALLOC_CONF: 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0',
  };
}
