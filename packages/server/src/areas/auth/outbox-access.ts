import type { SessionUser } from '@powerdeck/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackAddress } from '../../http/loopback';

export const outboxMessages = {
  localOnly:
    'The outbox can be read only on the machine the demo runs on (not through a proxy), or by a ' +
    'signed-in SUPPORT user.',
} as const;

/**
 * Headers a reverse proxy adds. A proxy on the demo's own machine connects from loopback; any of
 * these says the request really came from elsewhere.
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-real-ip',
  'via',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
] as const;

function carriesProxyHeaders(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some(
    (name) =>
      name.startsWith('x-forwarded-') ||
      (PROXY_HEADERS as readonly string[]).includes(name.toLowerCase()),
  );
}

/**
 * Who may read the demo's outbox, which holds every e-mailed link (password resets included):
 * a request made on the demo's machine itself — its connection from loopback and no proxy headers
 * (the connection's own address, never X-Forwarded-For, which a client can write) — or a
 * signed-in SUPPORT user from anywhere. Anything else is refused, so nobody elsewhere reads the
 * reset link of another person's account.
 */
export function mayReadOutbox(request: {
  socketAddress: string | undefined;
  headers: IncomingHttpHeaders;
  user: SessionUser | null;
}): boolean {
  if (request.user?.tier === 'SUPPORT') return true;
  return isLoopbackAddress(request.socketAddress) && !carriesProxyHeaders(request.headers);
}
