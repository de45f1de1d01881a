import type { BatteryState, DeviceStatus, PowerCondition } from '@powerdeck/domain';
import { AcModel } from './ac-model';
import type { ModelOptions } from './device-model';

/** Battery capacity in Wh and full recharge time in hours. */
const CAPACITY_WH = 250;
const RECHARGE_HOURS = 2;
/** The inverter draws this much even with no load. */
const IDLE_W = 20;

/**
 * The charger takes this much from the mains while the battery charges (a full recharge in
 * RECHARGE_HOURS at 85 % efficiency), tapering to a quarter of it over the last 20 %.
 */
const CHARGER_W = CAPACITY_WH / RECHARGE_HOURS / 0.85;
const TAPER_FROM = 0.8;

const onBattery = (c: PowerCondition) => c === 'lost' || c === 'test';

/**
 * MB1500/F1500/F1500-E battery backups (and their card-attached kids): outlets stay powered from
 * the battery while mains is lost (or under test), the battery discharges with the load and
 * recharges when mains returns; an empty battery leaves the outlets dead.
 */
export class Kf1500Model extends AcModel {
  private battery: number;
  private batteryState: BatteryState;
  private emptyReported = false;

  constructor(opts: ModelOptions) {
    super(opts);
    this.battery = this.rng.range(0.7, 1);
    this.batteryState = this.battery >= 1 ? 'full' : 'charging';
  }

  batteryLevel(): number {
    this.settle();
    return this.battery;
  }

  protected override settle(): void {
    const now = this.scheduler.now();
    const hours = (now - this.lastSettled) / 3_600_000;
    if (hours > 0) {
      if (onBattery(this.condition)) {
        const watts = IDLE_W + this.nominalAmps() * 120 * this.basePf;
        this.battery = Math.max(0, this.battery - (watts * hours) / CAPACITY_WH);
      } else {
        this.battery = Math.min(1, this.battery + hours / RECHARGE_HOURS);
      }
    }
    super.settle();
    const state: BatteryState = onBattery(this.condition)
      ? 'discharging'
      : this.battery >= 1
        ? 'full'
        : 'charging';
    if (state !== this.batteryState) {
      this.batteryState = state;
      this.emitEvent('battery', state);
    }
    const empty = onBattery(this.condition) && this.battery <= 0;
    if (empty && !this.emptyReported) this.emitEvent('battery', 'empty');
    this.emptyReported = empty;
  }

  protected override hasOutputPower(): boolean {
    return !onBattery(this.condition) || this.battery > 0;
  }

  protected override outputVoltage(input: number): number {
    if (onBattery(this.condition)) return this.battery > 0 ? 120 + this.rng.noise(0.3) : 0;
    // Automatic voltage regulation holds the outlets near 120 V through sags and surges.
    if (this.condition === 'under-voltage' || this.condition === 'over-voltage') {
      return 120 + this.rng.noise(1.5);
    }
    return input;
  }

  /** After an outage (or a test) the charger draws on top of the outlets until the battery is full. */
  protected override ownDrawAmps(inputVoltage: number): number {
    if (onBattery(this.condition) || this.battery >= 1 || inputVoltage <= 0) return 0;
    const taper = Math.min(1, (1 - this.battery) / (1 - TAPER_FROM));
    return (CHARGER_W * Math.max(0.25, taper)) / inputVoltage;
  }

  protected override outletDraw(i: number): number {
    return this.hasOutputPower() ? super.outletDraw(i) : 0;
  }

  protected override addMeters(status: DeviceStatus): void {
    super.addMeters(status);
    status.battlevel = Number(this.battery.toFixed(3));
    status.battstate = this.batteryState;
  }
}
