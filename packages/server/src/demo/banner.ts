import { DEMO_PASSWORD } from './demo-data';
import { DEMO_UNCLAIMED_ETHERNET, labelText } from './unclaimed-devices';

/**
 * What a demo listening beyond this machine (HOST not loopback) means, said at start in the log
 * and in the printed banner.
 */
export function demoExposureWarning(host: string): string[] {
  return [
    `WARNING: this demo listens on ${host}, not only on this machine.`,
    'Anyone who can reach this address can sign in with the published demo passwords.',
    'The outbox (e-mailed links) stays readable only on this machine or by a SUPPORT user.',
    'Set DEMO=false for real use; unset HOST to keep the demo on this machine.',
  ];
}

function box(lines: readonly string[], edge = '-', side = '|'): string {
  const width = Math.max(...lines.map((l) => l.length));
  const border = `+${edge.repeat(width + 2)}+`;
  return [border, ...lines.map((l) => `${side} ${l.padEnd(width)} ${side}`), border].join('\n');
}

/** The exposure warning on its own, boxed loudly (a demo database seeded at an earlier start). */
export function demoExposureBanner(host: string): string {
  return box(demoExposureWarning(host), '!', '!');
}

/**
 * The boxed demo-login notice printed at start; `exposedOn` (the HOST of a demo listening beyond
 * this machine) puts the exposure warning above it.
 */
export function demoLoginBanner(
  emails: readonly string[],
  url: string,
  exposedOn?: string,
): string {
  const lines = [
    'Powerdeck demo is ready',
    '',
    `Open ${url}`,
    '',
    'Sign in as any of:',
    ...emails.map((e) => `  ${e}`),
    '',
    `Password for all: ${DEMO_PASSWORD}`,
    '',
    'Devices to add (Add a Device): MAC ID / challenge key',
    ...DEMO_UNCLAIMED_ETHERNET.map(
      (d) => `  ${labelText(d.devId, 2)}  ${labelText(d.claimKey, 4)}  (${d.devClass})`,
    ),
  ];
  const login = box(lines);
  return exposedOn === undefined ? login : `${demoExposureBanner(exposedOn)}\n${login}`;
}
