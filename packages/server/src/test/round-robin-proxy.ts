import net from 'node:net';

/**
 * A load balancer in miniature for tests (it stands for HAProxy in deploy/compose.yaml): each TCP
 * connection goes to the next backend in turn; a backend that refuses the connection is skipped
 * for the next one (HAProxy's `retries` + `option redispatch`). When either side closes, so does
 * the other, so a backend's death ends the client connections it held.
 */
export interface RoundRobinProxy {
  url: string;
  /** The backend index each accepted connection went to, in order (-1: every backend refused). */
  readonly routes: readonly number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  backendPorts: readonly number[],
): Promise<RoundRobinProxy> {
  const routes: number[] = [];
  const sockets = new Set<net.Socket>();
  let next = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  /** Connects to the backends in turn from `first`; resolves with the one that took it. */
  const connectFrom = (first: number, tries: number): Promise<[number, net.Socket] | undefined> =>
    new Promise((done) => {
      if (tries === 0) return done(undefined);
      const index = first % backendPorts.length;
      const upstream = net.connect({ host: '127.0.0.1', port: backendPorts[index] ?? 0 });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        done([index, upstream]);
      });
      upstream.once('error', () => {
        upstream.destroy();
        void connectFrom(index + 1, tries - 1).then(done);
      });
    });

  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const routeIndex = routes.push(-1) - 1;
    void connectFrom(next++, backendPorts.length).then((taken) => {
      if (taken === undefined || client.destroyed) {
        taken?.[1].destroy();
        client.destroy();
        return;
      }
      const [index, upstream] = taken;
      routes[routeIndex] = index;
      track(upstream);
      const both = () => {
        client.destroy();
        upstream.destroy();
      };
      client.once('close', both).once('error', both);
      upstream.once('close', both).once('error', both);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
