import type { RegisteredCall } from '../http/data-svc';

/**
 * How the fuzz and the authorization matrix name a call (in their lists of exceptions and in
 * their findings): `area svc` for a call of the /data-svc/ dispatcher, its path after
 * `/data-svc/` for a call served at its own path (`eventPuller/alertsPusher.php`).
 */
export function callKey(call: Pick<RegisteredCall, 'area' | 'svc' | 'path'>): string {
  return call.svc === null ? call.path.replace(/^\/data-svc\//, '') : `${call.area} ${call.svc}`;
}
