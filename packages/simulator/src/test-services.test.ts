import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canConnect, checkService } from './test-services';

/** A port on loopback that nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('test services', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('connects to a listening port, not to a closed one or a bad URL', async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await canConnect(`mqtt://127.0.0.1:${port}`)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await canConnect(`mqtt://127.0.0.1:${await closedPort()}`)).toBe(false);
    expect(await canConnect('not a url')).toBe(false);
  });

  it('skips an unreachable service with a message naming it, its URL and the way out', async () => {
    vi.stubEnv('REQUIRE_SERVICES', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const url = `mqtt://127.0.0.1:${await closedPort()}`;
    const check = await checkService('Mosquitto', url, 'set MQTT_TEST_URL or start mosquitto');
    expect(check.reachable).toBe(false);
    expect(check.skipReason).toBe(
      `Mosquitto not reachable at ${url} — set MQTT_TEST_URL or start mosquitto; its cases are skipped`,
    );
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('REQUIRE_SERVICES=true makes it required');
  });

  it('fails instead of skipping when REQUIRE_SERVICES=true', async () => {
    vi.stubEnv('REQUIRE_SERVICES', 'true');
    const url = `mqtt://127.0.0.1:${await closedPort()}`;
    await expect(checkService('Mosquitto', url, 'start mosquitto')).rejects.toThrow(
      `Mosquitto not reachable at ${url} — start mosquitto. REQUIRE_SERVICES=true`,
    );
  });

  it('treats the URL none as turned off on purpose', async () => {
    vi.stubEnv('REQUIRE_SERVICES', 'false');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const check = await checkService('Mosquitto', 'none', 'set MQTT_TEST_URL');
    expect(check.reachable).toBe(false);
    expect(check.skipReason).toContain('Mosquitto turned off (none)');
  });
});
