import { type AlertKind, type DeviceStatusView, powerConditionOf } from '@powerdeck/domain';

/**
 * An alert to raise: its kind (what raised it, the domain's alert kinds: which a family can raise
 * is read from the catalog, `alertKindsOf`); `type` 0 is an alert, 1 a notification (the hidden tab).
 *
 * What is an alert and what only an event is decided in docs/alerts.md: an alert is something a
 * user must react to; a person's own deliberate action (switching, cycling, renaming, editing) is
 * an event, kept by the event log, and raises nothing here.
 */
export interface AlertDraft {
  kind: AlertKind;
  type: number;
  msg: string;
}

/** Battery alerts fire when the charge falls below this (0-1). */
export const LOW_BATTERY = 0.2;

const FAULTS = [
  ['avmfault', 'AVM fault'],
  ['wiringfault', 'wiring fault'],
  ['brkrfault', 'breaker fault'],
] as const;

/**
 * The status fields the rules below read: a report that changed none of them raises nothing.
 * `otlts` raises nothing itself (an outlet switching is an event, not an alert) but every status
 * has it: a stored status without it is no status yet, whose first report is compared with nothing.
 */
export const ALERTED_STATUS_FIELDS: readonly string[] = [
  'pwr_cond',
  'battlevel',
  ...FAULTS.map(([field]) => field),
  'sol',
  'otlts',
];

const POWER_TEXT: Record<string, string> = {
  normal: 'normal',
  recovering: 'recovering',
  'under-voltage': 'under-voltage',
  'over-voltage': 'over-voltage',
  lost: 'lost',
  test: 'test',
};

/**
 * The alerts a new status raises against the previous one (pure, so the rules are testable):
 * a power condition change, the battery falling low, a fault appearing. An outlet switching is
 * not one (docs/alerts.md): it is someone's command, a schedule's or the device's own report,
 * each of which the event log keeps; what makes it worth reacting to raises its own alert (a
 * command that failed, an auto-reboot, a network outlet switched off, a fault).
 */
export function statusAlerts(
  name: string,
  before: DeviceStatusView | undefined,
  after: DeviceStatusView,
): AlertDraft[] {
  if (!before) return [];
  const drafts: AlertDraft[] = [];
  if (
    after.pwr_cond !== undefined &&
    before.pwr_cond !== undefined &&
    after.pwr_cond !== before.pwr_cond
  ) {
    const condition = POWER_TEXT[powerConditionOf(after.pwr_cond) ?? ''] ?? String(after.pwr_cond);
    drafts.push({ kind: 'power', type: 0, msg: `${name}: power condition ${condition}.` });
  }
  if (
    after.battlevel !== undefined &&
    before.battlevel !== undefined &&
    after.battlevel < LOW_BATTERY &&
    before.battlevel >= LOW_BATTERY
  ) {
    drafts.push({
      kind: 'battery',
      type: 0,
      msg: `${name}: battery low (${Math.round(after.battlevel * 100)}%).`,
    });
  }
  for (const [field, label] of FAULTS) {
    if (after[field] === true && before[field] !== true) {
      drafts.push({ kind: 'fault', type: 0, msg: `${name}: ${label}.` });
    }
  }
  for (const fault of after.sol ?? []) {
    if (!(before.sol ?? []).includes(fault))
      drafts.push({ kind: 'fault', type: 0, msg: `${name}: ${fault}.` });
  }
  return drafts;
}

export function offlineAlert(name: string): AlertDraft {
  return { kind: 'offline', type: 0, msg: `${name} is offline.` };
}

export function onlineAlert(name: string): AlertDraft {
  return { kind: 'online', type: 0, msg: `${name} is back online.` };
}

/**
 * A command that failed or expired, whoever sent it (a user, a schedule, a firmware upgrade): what
 * was asked for did not happen, so the device is not in the state someone expects.
 */
export function commandFailedAlert(
  name: string,
  svc: string,
  error: string | undefined,
): AlertDraft {
  const reason = error ? ` (${error})` : '';
  return {
    kind: 'command',
    type: 0,
    msg:
      svc === 'firmware'
        ? `${name}: firmware upgrade failed${reason}.`
        : `${name}: command ${svc} failed${reason}.`,
  };
}

/**
 * A schedule that sent nothing to a device when it was due: the device refused it (a locked
 * outlet, an inactive device), the send failed, or the server was not running (missed).
 */
export function scheduleNotSentAlert(name: string, schedule: string, reason: string): AlertDraft {
  const why = reason.trim().replace(/\.$/, '');
  return {
    kind: 'command',
    type: 0,
    msg: `${name}: schedule '${schedule}' was not carried out${why ? ` (${why})` : ''}.`,
  };
}

/** What the log kept of an auto-ping report, as the network alerts read it. */
export interface AutoPingReport {
  type: string;
  value: unknown;
  outlet: number | null;
  target: number | null;
  /** From the device's ping configuration when the report was logged. */
  detail: { host?: string; maxReboots?: number } | null;
}

/**
 * The `network` alert of an auto-ping report (issue 15), or undefined: a target failing, an
 * auto-reboot cycling an outlet (`outletName`: its label, when it has one), the reboot cap
 * reached. A target passing or unknown raises nothing.
 */
export function autoPingAlert(
  name: string,
  report: AutoPingReport,
  outletName: string | null = null,
): AlertDraft | undefined {
  const host = report.detail?.host ?? (report.target === null ? '' : `#${report.target}`);
  const target = host === '' ? 'A ping target' : `Ping target ${host}`;
  if (report.type === 'ping') {
    return report.value === 'fail'
      ? { kind: 'network', type: 0, msg: `${target} failed on ${name}.` }
      : undefined;
  }
  if (report.type !== 'autoReboot') return undefined;
  if (report.value === 'cycled') {
    const outlet = report.outlet === null ? 'its outlets' : `outlet ${report.outlet}`;
    const label = outletName?.trim() ? ` (${outletName.trim()})` : '';
    return { kind: 'network', type: 0, msg: `Auto-reboot: ${name} cycled ${outlet}${label}.` };
  }
  if (report.value === 'capReached') {
    const cap = report.detail?.maxReboots;
    const after = cap === undefined ? '' : ` after ${cap} reboot${cap === 1 ? '' : 's'} in a row`;
    const about = host === '' ? '' : ` (${target.charAt(0).toLowerCase()}${target.slice(1)})`;
    return {
      kind: 'network',
      type: 0,
      msg: `Auto-reboot stopped on ${name}${after}${about}.`,
    };
  }
  return undefined;
}

/** A network-feeding outlet was switched off, with the sender's confirmation (issue 15). */
export function networkOutletOffAlert(name: string, otlt: number): AlertDraft {
  return { kind: 'network', type: 0, msg: `Network outlet ${otlt} of ${name} switched off.` };
}
