import { z } from 'zod';
import { pingStatusSchema } from './network';

/** `online` payload: `1` when connected, `0` (also the last-will) when gone. */
export const onlinePayloadSchema = z.enum(['1', '0']);

/**
 * Power condition codes (`pwr_cond`). The kf1500 family labels 0-4 (Normal, Recovery, Under
 * Voltage, Over Voltage, Power Lost), the km4315 family 0-3 (spec §9); 5 is a battery test.
 */
export const POWER_CONDITIONS = [
  'normal',
  'recovering',
  'under-voltage',
  'over-voltage',
  'lost',
  'test',
] as const;
export type PowerCondition = (typeof POWER_CONDITIONS)[number];
export const powerConditionCodeSchema = z
  .number()
  .int()
  .min(0)
  .max(POWER_CONDITIONS.length - 1);

export function powerConditionCode(condition: PowerCondition): number {
  return POWER_CONDITIONS.indexOf(condition);
}
export function powerConditionOf(code: number): PowerCondition | undefined {
  return POWER_CONDITIONS[code];
}

export const batteryStateSchema = z.enum(['charging', 'discharging', 'full']);
export type BatteryState = z.infer<typeof batteryStateSchema>;

/** Last sequence state (spec §4: sequencing completed, power on, power off, failed). */
export const sequenceStateSchema = z.enum(['completed', 'power-on', 'power-off', 'failed']);
export type SequenceState = z.infer<typeof sequenceStateSchema>;

/** dc12ip supply state (spec §3 meter `spu`). */
export const SPU_STATES = ['OK', 'Inhibit', 'Prioritize', 'Shutdown', 'Warning'] as const;
export const spuStateSchema = z.enum(SPU_STATES);
export type SpuState = z.infer<typeof spuStateSchema>;

/** dc12ip faults (spec §3 meter `sol`). */
export const SOL_FAULTS = [
  'Output Overload Fault',
  '12V DC Supply Fault',
  'Line Neutral Fault',
] as const;
export const solFaultSchema = z.enum(SOL_FAULTS);
export type SolFault = z.infer<typeof solFaultSchema>;

/** dc12ip total-wattage thresholds in W (spec §9). */
export const DC12IP_WATTS = { inhibit: 135, warning: 150, critical: 165 } as const;

const outletLabelSchema = z.string().max(40);

/** Labels and lock of one outlet as the device stores them (1-based `otltId`). */
export const outletInfoSchema = z.object({
  otltId: z.number().int().min(1),
  name1: outletLabelSchema,
  name2: outletLabelSchema.optional(),
  name3: outletLabelSchema.optional(),
  locked: z.boolean(),
});
export type OutletInfo = z.infer<typeof outletInfoSchema>;

const volts = z.number().min(0).max(300);
const amps = z.number().min(0).max(100);
const watts = z.number().min(0).max(20_000);

/**
 * `status` payload: the full state of one device or kid (spec §3 Status and Meter). Every report
 * is complete, so the retained message alone tells a newcomer everything. Fields a family does not
 * have are left out (the catalog says which panels a class shows).
 */
export const deviceStatusSchema = z.object({
  devClass: z.string().min(1),
  /** Device clock, Unix seconds; with last contact it feeds the connection rule (spec §4). */
  sysTime: z.number().int().nonnegative(),
  /** Seconds since the device last booted. */
  uptime: z.number().int().nonnegative(),
  /**
   * Boot counter (kept across restarts, one more at each boot) and the report's number within that
   * boot (one more with each report): together they order a device's reports, so a server never
   * stores an older one over a newer. A report without both is stored in arrival order.
   */
  boot: z.number().int().nonnegative().optional(),
  seq: z.number().int().nonnegative().optional(),
  /**
   * The credential this connection signed in with: `claim-key` asks the cloud for a secret of the
   * device's own (a `credentials` command), `issued` is that secret. Left out by devices that
   * take no part in provisioning (docs/device-protocol.md, "Credentials").
   */
  credential: z.enum(['claim-key', 'issued']).optional(),
  name: z.string().max(40),
  fwVer: z.string().min(1),
  /** Outlet (or output) states, index 0 is outlet 1. */
  otlts: z.array(z.boolean()),
  /** Seconds between periodic reports right now (1 while an auto status update runs). */
  interval: z.number().int().positive(),
  voltage: volts.optional(),
  voltage_out: volts.optional(),
  amperage: amps.optional(),
  wattage: watts.optional(),
  pwr_fact: z.number().min(0).max(1).optional(),
  pwr_va: watts.optional(),
  pwr_cond: powerConditionCodeSchema.optional(),
  /** Battery charge 0-1 (times 100 is percent, spec §9). */
  battlevel: z.number().min(0).max(1).optional(),
  battstate: batteryStateSchema.optional(),
  avmfault: z.boolean().optional(),
  wiringfault: z.boolean().optional(),
  /** Flash writes used and failed, counts. */
  flashwrite: z.number().int().nonnegative().optional(),
  flashfail: z.number().int().nonnegative().optional(),
  lastseqstate: sequenceStateSchema.optional(),
  /** Degrees Celsius. */
  temperature: z.number().min(-40).max(125).optional(),
  /** DC trigger input active. */
  trig: z.boolean().optional(),
  brkrfault: z.boolean().optional(),
  /** dc12ip: total output wattage, supply state, faults and per-output Efuse faults. */
  tp: watts.optional(),
  spu: spuStateSchema.optional(),
  sol: z.array(solFaultSchema).optional(),
  efuse: z.array(z.boolean()).optional(),
  /** Find Me indicator (sp1000, md2zb) is blinking. */
  findMe: z.boolean().optional(),
  /** Outlets cycling right now (1-based). */
  cycling: z.array(z.number().int().min(1)).optional(),
  outlets: z.array(outletInfoSchema).optional(),
  /** The device's IPv4 address on the site's network (a device reached directly). */
  ip: z.string().max(15).optional(),
  /** A wireless device's signal at its gateway, dBm. */
  rssi: z.number().int().min(-120).max(0).optional(),
  /** The outlet the device's own network uplink runs through (the site's modem), 1-based. */
  uplinkOtlt: z.number().int().min(1).max(12).optional(),
  /** Auto-ping: the configuration version the device runs and each target's state. */
  ping: pingStatusSchema.optional(),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;
