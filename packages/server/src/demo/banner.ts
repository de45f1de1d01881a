import { DEMO_PASSWORD } from './demo-data';
import { DEMO_UNCLAIMED_ETHERNET, labelText } from './unclaimed-devices';

/** The boxed demo-login notice printed at start. */
export function demoLoginBanner(emails: readonly string[], url: string): string {
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
  const width = Math.max(...lines.map((l) => l.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((l) => `| ${l.padEnd(width)} |`), border].join('\n');
}
