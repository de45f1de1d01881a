import type { DeviceStatus } from '@powerdeck/domain';
import { findSetting, getDeviceSpec } from '@powerdeck/domain';
import { AcModel } from './ac-model';

/** VT1512/VT4315: sequencing outlet controllers; the VT4315 sequences on its DC trigger. */
export class VtModel extends AcModel {
  private trigger = false;

  /**
   * Wiring: the DC trigger input goes high or low. Where the sequence group is the 'DC Trigger'
   * (the catalog's word for it), the trigger runs the sequence on or off, as the button does.
   */
  setTrigger(active: boolean): void {
    if (active === this.trigger) return;
    this.trigger = active;
    this.emitEvent('sequence', active ? 'trigger-on' : 'trigger-off');
    this.reportChange();
    const group = findSetting(getDeviceSpec(this.facts.devClass).settings, 'sequenceGroup');
    if (group?.label === 'DC Trigger') void this.sequence(active);
  }

  protected override addMeters(status: DeviceStatus): void {
    super.addMeters(status);
    status.trig = this.trigger;
  }
}
