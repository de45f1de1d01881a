import type { DeviceStatus, SolFault, SpuState } from '@powerdeck/domain';
import { ACK_ERRORS, DC12IP_WATTS } from '@powerdeck/domain';
import type { ModelOptions } from './device-model';
import { DeviceModel } from './device-model';

/**
 * Supply state for a total output wattage (spec §9): below 135 W OK; from 135 W Inhibit (no more
 * outputs may be switched on); from 150 W Warning; from 165 W the supply prioritizes, shedding
 * outputs from the highest number down.
 */
export function dc12ipSupplyState(totalWatts: number): SpuState {
  if (totalWatts >= DC12IP_WATTS.critical) return 'Prioritize';
  if (totalWatts >= DC12IP_WATTS.warning) return 'Warning';
  if (totalWatts >= DC12IP_WATTS.inhibit) return 'Inhibit';
  return 'OK';
}

/**
 * DC12IP: 12 DC outputs (loads in W). Reports total wattage `tp`, supply state `spu`, faults
 * `sol` and per-output Efuse faults. A 12 V supply fault shuts every output down.
 */
export class Dc12ipModel extends DeviceModel {
  private efuse: boolean[];
  private readonly sol = new Set<SolFault>();

  constructor(opts: ModelOptions) {
    super(opts);
    this.efuse = this.outlets.map(() => false);
  }

  /** Total output watts without measurement noise. */
  totalWatts(): number {
    return this.outlets.reduce((sum, o) => sum + (o.on ? o.load * this.faults.overload : 0), 0);
  }

  supplyState(): SpuState {
    if (this.sol.has('12V DC Supply Fault')) return 'Shutdown';
    if (this.sol.has('Output Overload Fault')) return 'Prioritize';
    return dc12ipSupplyState(this.totalWatts());
  }

  /** Fault injection: an output shorts and its electronic fuse opens. */
  tripEfuse(otlt: number): void {
    if (!this.outlets[otlt - 1]) return;
    this.efuse[otlt - 1] = true;
    this.switchOutlet(otlt, false);
    this.emitEvent('fault', 'efuse', otlt);
    this.reportChange();
  }

  /** Fault injection: a supply or line-neutral fault comes or goes. */
  setSolFault(fault: Exclude<SolFault, 'Output Overload Fault'>, active: boolean): void {
    if (active) this.sol.add(fault);
    else this.sol.delete(fault);
    if (active && fault === '12V DC Supply Fault') {
      this.outlets.forEach((o, i) => o.on && this.switchOutlet(i + 1, false, true));
    }
    this.emitEvent('fault', `${fault}${active ? '' : ' cleared'}`);
    this.reportChange();
  }

  protected override initialLoad(_otlt: number): number {
    // Cameras, access points, small amplifiers on 12 V: 3-11 W, ~84 W for all twelve.
    return this.rng.range(3, 11);
  }

  protected override hasOutputPower(): boolean {
    return !this.sol.has('12V DC Supply Fault');
  }

  protected override refuseSwitchOn(otlt: number): string | undefined {
    const state = this.supplyState();
    if (state !== 'OK') return `${ACK_ERRORS.inhibited}: ${state}`;
    const outlet = this.outlets[otlt - 1];
    if (outlet && this.totalWatts() + outlet.load * this.faults.overload >= DC12IP_WATTS.critical) {
      return `${ACK_ERRORS.inhibited}: would exceed ${DC12IP_WATTS.critical} W`;
    }
    return undefined;
  }

  protected override switchOutlet(otlt: number, on: boolean, quiet = false): void {
    if (on) this.efuse[otlt - 1] = false;
    super.switchOutlet(otlt, on, quiet);
  }

  protected override onLoadChange(): void {
    if (this.totalWatts() >= DC12IP_WATTS.critical) {
      if (!this.sol.has('Output Overload Fault')) this.emitEvent('fault', 'Output Overload Fault');
      this.sol.add('Output Overload Fault');
      for (let otlt = this.outlets.length; otlt >= 1; otlt--) {
        if (this.totalWatts() < DC12IP_WATTS.warning) break;
        if (this.outlets[otlt - 1]?.on) this.switchOutlet(otlt, false, true);
      }
    } else if (this.faults.overload <= 1 && this.sol.delete('Output Overload Fault')) {
      this.emitEvent('fault', 'Output Overload Fault cleared');
    }
  }

  protected override addMeters(status: DeviceStatus): void {
    let watts = 0;
    for (let i = 0; i < this.outlets.length; i++) watts += this.outletDraw(i);
    status.tp = Number(watts.toFixed(1));
    status.wattage = status.tp;
    status.spu = this.supplyState();
    status.sol = [...this.sol];
    status.efuse = [...this.efuse];
  }

  protected override outletDraw(i: number): number {
    const outlet = this.outlets[i];
    // DC loads are steady: a fraction of a percent of drift.
    return outlet?.on ? outlet.load * this.faults.overload * (1 + this.rng.noise(0.002)) : 0;
  }
}
