import {
  type CommandSvc,
  type EventLogType,
  type EventType,
  FIRMWARE_ERROR_TEXTS,
  FIRMWARE_FAILED_PREFIX,
  batteryStateTexts,
  discoveryPhaseTexts,
  discoveryReasonTexts,
  findDeviceSpec,
  isFirmwareErrorReason,
  parseDiscoverEvent,
} from '@powerdeck/domain';

/**
 * What each source of the event log is about (its type) and the words of its entries: commands
 * from the audit log, what devices reported, schedule events (docs/api/schedules-events.md).
 */

/** The commands the log shows, and their type; auto status updates and settings reads are not. */
export const COMMAND_TYPES = {
  setOutlet: 'outlet',
  cycleOutlet: 'outlet',
  cycleGroup: 'outlet',
  sequence: 'sequence',
  reboot: 'reboot',
  rename: 'device',
  findMe: 'device',
  setOutletInfo: 'device',
  settings: 'device',
  firmware: 'firmware',
  pingConfig: 'device',
  discover: 'device',
} as const satisfies Partial<Record<CommandSvc, EventLogType>>;

/** What the device events table holds: protocol events, online/offline, a battery running low. */
export type DeviceEventKind = EventType | 'online' | 'offline' | 'batteryLow';

export const DEVICE_EVENT_TYPES = {
  outlet: 'outlet',
  cycle: 'outlet',
  sequence: 'sequence',
  reboot: 'reboot',
  online: 'connection',
  offline: 'connection',
  power: 'power',
  battery: 'battery',
  batteryLow: 'battery',
  fault: 'fault',
  firmware: 'firmware',
  ping: 'device',
  // an auto-reboot cycles outlets; its cap reached is about them too
  autoReboot: 'outlet',
  discover: 'device',
  findMe: 'device',
  info: 'device',
} as const satisfies Record<DeviceEventKind, EventLogType>;

/** The keys of `map` whose type is `type` (all of them when no type is asked for). */
export function kindsOf<K extends string>(
  map: Readonly<Record<K, EventLogType>>,
  type: EventLogType | undefined,
): K[] {
  return (Object.keys(map) as K[]).filter((k) => type === undefined || map[k] === type);
}

const onOff = (value: unknown) => (Number(value) === 1 ? 'on' : 'off');
const outletWord = (outlet: number | null | undefined) =>
  outlet === null || outlet === undefined ? 'Outlet' : `Outlet ${outlet}`;

/** "Outlet 3 switched off", "Sequence on", "Card rebooted", … */
export function commandText(svc: string, args: Record<string, unknown>): string {
  const otlt = typeof args.otlt === 'number' ? args.otlt : null;
  switch (svc) {
    case 'setOutlet':
      // a switch-off of an outlet feeding the network, confirmed by whoever sent it (issue 15)
      if (args.confirmed === true)
        return `Network ${outletWord(otlt).toLowerCase()} switched off (confirmed)`;
      return `${outletWord(otlt)} switched ${onOff(args.state)}`;
    case 'cycleOutlet':
      return `${outletWord(otlt)} cycled`;
    case 'cycleGroup':
      return Array.isArray(args.otlts) && args.otlts.length > 0
        ? `Outlets ${args.otlts.join(', ')} cycled`
        : 'Cycle group cycled';
    case 'sequence':
      return `Sequence ${onOff(args.state)}`;
    case 'reboot':
      // only the CV2/CV3 cards reboot (spec §3)
      return 'Card rebooted';
    case 'rename':
      return `Renamed “${typeof args.name === 'string' ? args.name : ''}”`;
    case 'findMe':
      return 'Find Me';
    case 'setOutletInfo':
      return 'Outlet names and locks changed';
    case 'settings':
      return 'Settings changed';
    case 'firmware':
      return `Firmware upgrade to ${typeof args.toVersion === 'string' ? args.toVersion : '?'}`;
    case 'pingConfig':
      return `Ping targets sent (version ${typeof args.version === 'number' ? args.version : '?'})`;
    case 'discover':
      return 'Discover Units';
    default:
      return svc;
  }
}

const CYCLE_WORDS: Record<string, string> = {
  'in-progress': 'cycle started',
  inactive: 'cycled',
  failed: 'cycle failed',
};

const SEQUENCE_WORDS: Record<string, string> = {
  'power-on': 'Sequence powering on',
  'power-off': 'Sequence powering off',
  completed: 'Sequence completed',
  failed: 'Sequence failed',
};

const FAULT_WORDS: Record<string, string> = {
  breaker: 'Breaker tripped',
  'breaker-reset': 'Breaker reset',
  avm: 'AVM fault',
  wiring: 'Wiring fault',
  efuse: 'Efuse fault',
};

const INFO_WORDS: Record<string, string> = {
  name: 'Name changed',
  outlets: 'Outlet names and locks changed',
  settings: 'Settings changed',
};

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';

/**
 * "Went offline", "Power condition Under Voltage" (the family's label, spec §9), "Battery low
 * (15%)", "Outlet 2 cycled", …; `devClass` names the family whose power labels apply.
 */
export function deviceEventText(
  kind: string,
  value: unknown,
  outlet: number | null,
  devClass: string | null,
): string {
  const v = text(value);
  switch (kind as DeviceEventKind) {
    case 'online':
      return 'Back online';
    case 'offline':
      return 'Went offline';
    case 'outlet':
      return `${outletWord(outlet)} switched ${onOff(value)}`;
    case 'cycle':
      return outlet === null
        ? `Cycle group ${CYCLE_WORDS[v] ?? v}`
        : `${outletWord(outlet)} ${CYCLE_WORDS[v] ?? `cycle ${v}`}`;
    case 'power': {
      const labels = devClass === null ? undefined : findDeviceSpec(devClass)?.powerConditionLabels;
      return `Power condition ${labels?.[Number(value)] ?? v}`;
    }
    case 'battery': {
      const state = batteryStateTexts[v as keyof typeof batteryStateTexts] ?? v;
      return `Battery ${state.toLowerCase()}`;
    }
    case 'batteryLow':
      return `Battery low (${Math.round(Number(value) * 100)}%)`;
    case 'fault': {
      const words = FAULT_WORDS[v] ?? v;
      return outlet === null ? words : `${outletWord(outlet)}: ${words}`;
    }
    case 'firmware': {
      // a phase, the version it booted into, or failed:<reason> (docs/device-protocol.md)
      if (!v.startsWith(FIRMWARE_FAILED_PREFIX)) return `Firmware ${v}`;
      const reason = v.slice(FIRMWARE_FAILED_PREFIX.length);
      return `Firmware failed: ${isFirmwareErrorReason(reason) ? FIRMWARE_ERROR_TEXTS[reason] : reason}`;
    }
    case 'ping':
    case 'autoReboot':
      return autoPingText(kind === 'ping' ? 'ping' : 'autoReboot', value, outlet);
    case 'discover':
      return discoverText(v);
    case 'sequence': {
      const words = SEQUENCE_WORDS[v] ?? `Sequence ${v}`;
      return outlet === null ? words : `${words} (outlet ${outlet})`;
    }
    case 'findMe':
      return Number(value) === 1 ? 'Find Me started' : 'Find Me ended';
    case 'reboot':
      return 'Rebooting';
    case 'info':
      return INFO_WORDS[v] ?? 'Device information changed';
  }
  return `${kind} ${v}`.trim();
}

const PING_WORDS: Record<string, string> = { pass: 'passed', fail: 'failed', unknown: 'unknown' };

/**
 * A `ping` or `autoReboot` report: as written since migration 0057, `{value, target, host?,
 * maxReboots?}` (the host and cap from the device's ping configuration when it was written).
 * "Ping target 8.8.8.8 failed", "Auto-reboot: outlet 1 cycled (ping target 8.8.8.8)", "Auto-reboot
 * stopped after 3 reboots in a row (ping target 8.8.8.8)".
 */
function autoPingText(kind: 'ping' | 'autoReboot', stored: unknown, outlet: number | null): string {
  const fields: Record<string, unknown> =
    typeof stored === 'object' && stored !== null
      ? (stored as Record<string, unknown>)
      : { value: stored };
  const v = text(fields.value);
  const host = typeof fields.host === 'string' ? fields.host : null;
  const target = host ?? (typeof fields.target === 'number' ? String(fields.target) : null);
  const named = target === null ? 'Ping target' : `Ping target ${target}`;
  if (kind === 'ping') return `${named} ${PING_WORDS[v] ?? v}`;
  const about = target === null ? '' : ` (ping target ${target})`;
  if (v === 'capReached') {
    const n = fields.maxReboots;
    const cap = typeof n === 'number' ? ` after ${n} reboot${n === 1 ? '' : 's'} in a row` : '';
    return `Auto-reboot stopped${cap}${about}`;
  }
  if (v === 'cycled') return `Auto-reboot: ${outletWord(outlet).toLowerCase()} cycled${about}`;
  return `Auto-reboot ${v}${about}`;
}

/** A `discover` event: "Discovery: scanning", "Discovery: found 3 units", "Discovery failed: …". */
function discoverText(value: string): string {
  const parsed = parseDiscoverEvent(value);
  if (!parsed) return `Discovery ${value}`.trim();
  if (parsed.phase === 'found') {
    return `Discovery: found ${parsed.found ?? 0} unit${parsed.found === 1 ? '' : 's'}`;
  }
  if (parsed.phase === 'failed') {
    return `Discovery failed: ${discoveryReasonTexts[parsed.reason ?? 'timedOut']}`;
  }
  return `Discovery: ${discoveryPhaseTexts[parsed.phase].toLowerCase()}`;
}

/** `Schedule “Nightly” fired`, `Schedule “Nightly” added`, … */
export function scheduleEventText(kind: string, name: string | null): string {
  return `Schedule “${name ?? ''}” ${kind}`;
}
