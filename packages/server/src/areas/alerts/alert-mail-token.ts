import { createHmac, timingSafeEqual } from 'node:crypto';

/** The server secret (server_secrets) the unsubscribe links of alert e-mails are signed with. */
export const ALERT_MAIL_KEY = 'alert-mail-key';

/** How long an alert e-mail's unsubscribe link works. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

/** A subscription an alert e-mail came from: the alerts of one type of one device. */
export interface MailedSubscription {
  type: number;
  devClass: string;
  devId: string;
}

export interface UnsubscribeClaim {
  userId: string;
  subscriptions: MailedSubscription[];
  /** Epoch ms after which the link no longer works. */
  expiresAt: number;
}

const VERSION = 'v1';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function sign(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}.${body}`).digest();
}

/**
 * A signed unsubscribe token: `v1.<payload>.<HMAC-SHA256 of v1.payload>`, the payload the user,
 * the subscriptions and the expiry as base64url JSON. Not secret (it names only the reader's own
 * subscriptions), but it cannot be changed or made without the server's key.
 */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = b64(
    JSON.stringify({
      u: claim.userId,
      s: claim.subscriptions.map((s) => [s.type, s.devClass, s.devId]),
      e: claim.expiresAt,
    }),
  );
  return `${VERSION}.${body}.${b64(sign(secret, body))}`;
}

/** The claim of a token this server signed and not yet expired at `now`, else null. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): UnsubscribeClaim | null {
  const [version, body, mac, ...rest] = token.split('.');
  if (version !== VERSION || !body || !mac || rest.length > 0) return null;
  const expected = sign(secret, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claim = parseClaim(Buffer.from(body, 'base64url').toString('utf8'));
  if (!claim || claim.expiresAt <= now.getTime()) return null;
  return claim;
}

function parseClaim(json: string): UnsubscribeClaim | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const { u, s, e } = (raw ?? {}) as { u?: unknown; s?: unknown; e?: unknown };
  if (typeof u !== 'string' || typeof e !== 'number' || !Array.isArray(s)) return null;
  const subscriptions: MailedSubscription[] = [];
  for (const item of s) {
    if (!Array.isArray(item)) return null;
    const [type, devClass, devId] = item as unknown[];
    if (typeof type !== 'number' || typeof devClass !== 'string' || typeof devId !== 'string') {
      return null;
    }
    subscriptions.push({ type, devClass, devId });
  }
  return { userId: u, subscriptions, expiresAt: e };
}
