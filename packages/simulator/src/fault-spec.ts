import type { PowerCondition } from '@powerdeck/domain';
import { POWER_CONDITIONS } from '@powerdeck/domain';
import type { DeviceFault } from './simulated-device';

/** Parses `kind:DEVID[:arg]` into a device id and a fault. */
export function parseFault(text: string): { devId: string; fault: DeviceFault } {
  const [kind, devId, arg] = text.split(':');
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
    default:
      throw new Error(`--fault ${text}: unknown kind '${kind}'`);
  }
}
