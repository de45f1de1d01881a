import type { PowerCondition } from '@powerdeck/domain';
import { FIRMWARE_ERROR_REASONS, POWER_CONDITIONS, isPingHost } from '@powerdeck/domain';
import type { DiscoveryFault } from './models/device-model';
import { FIRMWARE_FAULT_STEPS, type FirmwareFaultStep } from './models/firmware';
import type { DeviceFault } from './simulated-device';

const FAULT_STEPS: readonly FirmwareFaultStep[] = ['begin', 'chunk', 'verify', 'install'];
const DISCOVERY_FAULTS: readonly DiscoveryFault[] = ['timedOut', 'noBus', 'busy'];

/** Parses `kind:DEVID[:arg[:arg2]]` into a device id and a fault. */
export function parseFault(text: string): { devId: string; fault: DeviceFault } {
  const [kind, devId, arg, arg2] = text.split(':');
  if (!devId) throw new Error(`--fault ${text}: expected KIND:DEVID`);
  switch (kind) {
    case 'offline':
      return { devId, fault: { kind: 'offline' } };
    case 'brownout': {
      const condition = (arg ?? 'under-voltage') as PowerCondition;
      if (!POWER_CONDITIONS.includes(condition)) {
        throw new Error(`--fault ${text}: condition is one of ${POWER_CONDITIONS.join(', ')}`);
      }
      return { devId, fault: { kind: 'brownout', condition } };
    }
    case 'overload': {
      const factor = arg === undefined ? 4 : Number(arg);
      if (!(factor > 0)) throw new Error(`--fault ${text}: factor must be a positive number`);
      return { devId, fault: { kind: 'overload', factor } };
    }
    case 'refuse':
      return { devId, fault: { kind: 'refuse-commands' } };
    case 'ignore':
      return { devId, fault: { kind: 'ignore-commands' } };
    case 'firmware': {
      // firmware:DEVID:reason[:step] — the next upgrade fails with that spec §8 reason
      const reason = FIRMWARE_ERROR_REASONS.find((r) => r === arg);
      if (!reason) {
        throw new Error(`--fault ${text}: reason is one of ${FIRMWARE_ERROR_REASONS.join(', ')}`);
      }
      const at = FAULT_STEPS.find((s) => s === arg2);
      if (arg2 !== undefined && !at) {
        throw new Error(`--fault ${text}: step is one of ${FAULT_STEPS.join(', ')}`);
      }
      return { devId, fault: { kind: 'firmware', reason, at: at ?? FIRMWARE_FAULT_STEPS[reason] } };
    }
    case 'ping': {
      // ping:DEVID:HOST — that host stops answering the device's pings
      if (arg === undefined || !isPingHost(arg)) {
        throw new Error(`--fault ${text}: expected ping:DEVID:HOST (an IPv4 address or host name)`);
      }
      return { devId, fault: { kind: 'host-down', host: arg.trim() } };
    }
    case 'discover': {
      // discover:DEVID:reason — its discoveries fail (timedOut: never finish)
      const reason = DISCOVERY_FAULTS.find((r) => r === arg);
      if (!reason) {
        throw new Error(`--fault ${text}: reason is one of ${DISCOVERY_FAULTS.join(', ')}`);
      }
      return { devId, fault: { kind: 'discover', reason } };
    }
    default:
      throw new Error(`--fault ${text}: unknown kind '${kind}'`);
  }
}
