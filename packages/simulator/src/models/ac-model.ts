import type { DeviceStatus } from '@powerdeck/domain';
import { ACK_ERRORS, powerConditionCode } from '@powerdeck/domain';
import type { ModelOptions } from './device-model';
import { DeviceModel } from './device-model';

const NOMINAL_V = 120;
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * A mains-powered device with a meter: voltage around 120 V with noise, current from its
 * outlets' loads, power factor, VA and watts, temperature, and a breaker that trips under
 * overload (all outlets off until the overload is cleared).
 */
export class AcModel extends DeviceModel {
  protected readonly baseVoltage: number;
  protected readonly basePf: number;
  protected breakerLimitA = 15;
  protected breakerTripped = false;

  constructor(opts: ModelOptions) {
    super(opts);
    this.baseVoltage = this.rng.range(118.5, 121.5);
    this.basePf = this.rng.range(0.9, 0.98);
  }

  /** Mains voltage at the input for the current power condition. */
  protected inputVoltage(): number {
    const noise = this.rng.noise(0.4);
    switch (this.condition) {
      case 'normal':
      case 'test':
        return this.baseVoltage + noise;
      case 'recovering':
        return this.baseVoltage - 5 + noise;
      case 'under-voltage':
        return 97 + noise;
      case 'over-voltage':
        return 136 + noise;
      case 'lost':
        return 0;
    }
  }

  /** Voltage at the outlets (a battery backup overrides this). */
  protected outputVoltage(input: number): number {
    return input;
  }

  /** Nominal current now (no noise): what the breaker and the battery see. */
  protected nominalAmps(): number {
    return this.outlets.reduce((sum, o) => sum + (o.on ? o.load * this.faults.overload : 0), 0);
  }

  /** Current the device itself takes from the mains besides its outlets (a charger), in A. */
  protected ownDrawAmps(_inputVoltage: number): number {
    return 0;
  }

  protected override refuseSwitchOn(_otlt: number): string | undefined {
    return this.breakerTripped ? ACK_ERRORS.refused + ': breaker tripped' : undefined;
  }

  protected override onLoadChange(): void {
    if (!this.breakerTripped && this.nominalAmps() > this.breakerLimitA) {
      this.breakerTripped = true;
      this.outlets.forEach((o, i) => o.on && this.switchOutlet(i + 1, false, true));
      this.emitEvent('fault', 'breaker');
    } else if (this.breakerTripped && this.faults.overload <= 1) {
      this.breakerTripped = false;
      this.emitEvent('fault', 'breaker-reset');
    }
  }

  protected override addMeters(status: DeviceStatus): void {
    if (!this.facts.meter) return;
    const input = this.inputVoltage();
    const output = this.outputVoltage(input);
    const scale = output / NOMINAL_V;
    let amps = 0;
    for (let i = 0; i < this.outlets.length; i++) amps += this.outletDraw(i) * scale;
    amps += this.ownDrawAmps(input);
    const pf = amps > 0 ? Math.min(1, this.basePf + this.rng.noise(0.005)) : 1;
    const va = output * amps;
    status.voltage = round(input, 1);
    status.amperage = round(amps, 2);
    status.wattage = round(va * pf, 1);
    if (this.facts.powerConditions === 0) return;
    status.voltage_out = round(output, 1);
    status.pwr_fact = round(pf, 2);
    status.pwr_va = round(va, 1);
    const code = powerConditionCode(this.condition);
    if (code < this.facts.powerConditions) status.pwr_cond = code;
  }
}
