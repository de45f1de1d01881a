import type { DeviceStatus } from '@powerdeck/domain';
import { AcModel } from './ac-model';

/** VT1512/VT4315: sequencing outlet controllers; the VT4315 sequences on its DC trigger. */
export class VtModel extends AcModel {
  private trigger = false;

  /** Fault injection / wiring: the DC trigger input goes high (sequence on) or low (off). */
  setTrigger(active: boolean): void {
    this.trigger = active;
    this.emitEvent('sequence', active ? 'trigger-on' : 'trigger-off');
    this.reportChange();
  }

  protected override addMeters(status: DeviceStatus): void {
    super.addMeters(status);
    status.trig = this.trigger;
  }
}
