import type { DeviceStatus } from '@powerdeck/domain';
import { AcModel } from './ac-model';
import type { ModelOptions } from './device-model';

/**
 * M4315/M4320 power conditioners (and their card-attached kids): the AC meter plus the long View
 * Status table — AVM and wiring faults, flash use, temperature, DC trigger, breaker.
 */
export class Km4315Model extends AcModel {
  private avmFault = false;
  private wiringFault = false;
  private trigger = false;
  private flashWrites: number;

  constructor(opts: ModelOptions) {
    super(opts);
    this.breakerLimitA = opts.facts.devClass.endsWith('4320') ? 20 : 15;
    this.flashWrites = this.rng.int(200, 5000);
  }

  /** Fault injection: the extreme-voltage protection (AVM) or a wiring fault. */
  setFault(fault: 'avm' | 'wiring' | 'trigger', active: boolean): void {
    if (fault === 'avm') this.avmFault = active;
    else if (fault === 'wiring') this.wiringFault = active;
    else this.trigger = active;
    this.emitEvent('fault', `${fault}${active ? '' : '-cleared'}`);
    this.reportChange();
  }

  protected override onPowerChange(): void {
    // Over-voltage trips the automatic voltage monitor; it clears when mains is normal again.
    const avm = this.condition === 'over-voltage';
    if (avm !== this.avmFault) {
      this.avmFault = avm;
      this.emitEvent('fault', avm ? 'avm' : 'avm-cleared');
    }
  }

  protected override addMeters(status: DeviceStatus): void {
    super.addMeters(status);
    status.avmfault = this.avmFault;
    status.wiringfault = this.wiringFault;
    status.flashwrite = this.flashWrites;
    status.flashfail = 0;
    status.temperature = Number(
      (27 + (status.amperage ?? 0) * 0.6 + this.rng.noise(0.3)).toFixed(1),
    );
    status.trig = this.trigger;
    status.brkrfault = this.breakerTripped;
  }

  protected override reportChange(): void {
    // Outlet states and labels are kept in flash: every change costs a write.
    this.flashWrites++;
    super.reportChange();
  }
}
