import {
  type CommandSvc,
  type EventLogType,
  type EventType,
  FIRMWARE_ERROR_TEXTS,
  FIRMWARE_FAILED_PREFIX,
  batteryStateTexts,
  findDeviceSpec,
  isFirmwareErrorReason,
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
      return v === 'pass' ? 'Ping passed' : v === 'fail' ? 'Ping failed' : `Ping ${v}`;
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

/** `Schedule “Nightly” fired`, `Schedule “Nightly” added`, … */
export function scheduleEventText(kind: string, name: string | null): string {
  return `Schedule “${name ?? ''}” ${kind}`;
}
