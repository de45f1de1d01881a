import { getDeviceSpec } from '../catalog/registry';
import type { DeviceClass } from '../catalog/device-class';
import { DC12IP_CRITICAL_WATTS, DC12IP_INHIBIT_WATTS, DC12IP_WARNING_WATTS } from '../constants';

/** Device card colour of spec §2. */
export type DeviceCardColour = 'connected' | 'warning' | 'error' | 'disconnected';

/** Supply-unit states (meter `spu`) that colour the card as an error. */
const ERROR_SUPPLY_STATES: ReadonlySet<string> = new Set(['Prioritize', 'Shutdown', 'Warning']);
const WARNING_SUPPLY_STATES: ReadonlySet<string> = new Set(['Inhibit']);

export interface DeviceCardInput {
  devClass: DeviceClass;
  connected: boolean;
  /** Meter `spu`: OK, Inhibit, Prioritize, Shutdown or Warning. */
  spu?: string | null;
  /** Per-output Efuse fault flags; they count only on classes with Efuse outputs (dc12ip). */
  efuse?: readonly boolean[] | null;
}

/**
 * Spec §2: disconnected first; then error (Prioritize, Shutdown, Warning, or an Efuse fault on
 * dc12ip); then warning (Inhibit); otherwise connected.
 */
export function deviceCardColour(input: DeviceCardInput): DeviceCardColour {
  if (!input.connected) return 'disconnected';
  const spu = input.spu ?? '';
  const efuseFault =
    getDeviceSpec(input.devClass).efuseOutputs && (input.efuse ?? []).some(Boolean);
  if (ERROR_SUPPLY_STATES.has(spu) || efuseFault) return 'error';
  if (WARNING_SUPPLY_STATES.has(spu)) return 'warning';
  return 'connected';
}

/** dc12ip total-wattage level against the thresholds of spec §9 (each reached at or above). */
export type WattageLevel = 'normal' | 'inhibit' | 'warning' | 'critical';

export function dc12ipWattageLevel(totalWatts: number): WattageLevel {
  if (totalWatts >= DC12IP_CRITICAL_WATTS) return 'critical';
  if (totalWatts >= DC12IP_WARNING_WATTS) return 'warning';
  if (totalWatts >= DC12IP_INHIBIT_WATTS) return 'inhibit';
  return 'normal';
}
