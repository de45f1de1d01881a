import type { AlertKind } from '@powerdeck/domain';

/**
 * What each kind of alert is, in the words of Manage Alerts (ours: the spec names no kinds). Which
 * kinds a device has is the catalog's (`alertKindsOf`), sent by the server with the subscriptions.
 */
export function alertKindText(
  kind: AlertKind,
  offlineGraceSeconds: number,
): { label: string; description: string } {
  switch (kind) {
    case 'offline':
      return {
        label: 'Goes offline',
        description: `It stops reporting for longer than the location’s grace period (${graceWords(offlineGraceSeconds)}).`,
      };
    case 'online':
      return { label: 'Back online', description: 'It reports again after going offline.' };
    case 'power':
      return {
        label: 'Power condition',
        description: 'Its input power changes: recovering, under- or over-voltage, lost.',
      };
    case 'battery':
      return { label: 'Battery low', description: 'Its battery runs low.' };
    case 'fault':
      return {
        label: 'Faults',
        description: 'A fault appears: AVM, wiring, breaker or an overloaded output.',
      };
    case 'outlet':
      return { label: 'Outlet switched', description: 'One of its outlets turns on or off.' };
    case 'command':
      return {
        label: 'Command failed',
        description: 'A command sent to it fails or gets no answer in time.',
      };
    case 'network':
      return {
        label: 'Network',
        description:
          'A ping target fails, it cycles an outlet by itself or stops at its reboot cap, or an ' +
          'outlet feeding the network is switched off.',
      };
    case 'energy':
      return {
        label: 'Energy budget',
        description:
          'The location’s forecast for the month passes 80 % of its monthly budget, or its cost ' +
          'so far passes the budget.',
      };
  }
}

function graceWords(seconds: number): string {
  if (seconds === 0) return 'none: at once';
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}
