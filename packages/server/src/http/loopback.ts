import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether an IP address is this machine's loopback (127.0.0.0/8, ::1, also IPv4-mapped as
 * ::ffff:127.0.0.1). Anything else, including a missing address, is not.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether a listening host (HOST) is reachable from this machine only: a loopback address or the
 * name `localhost`. A wildcard (0.0.0.0, ::), any other address or any other name is not.
 */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
