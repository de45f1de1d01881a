import { DEMO_PASSWORD } from './demo-data';

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
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((l) => `| ${l.padEnd(width)} |`), border].join('\n');
}
