import type { DeviceClass } from '../catalog/device-class';
import { getDeviceSpec } from '../catalog/registry';
import { OUTLET_ACTIONS, SCHEDULE_ACTIONS, type ScheduleAction } from '../validation/schedules';

/**
 * What a device class can be scheduled to do, from the catalog, by the rules a click is sent by:
 * outlet actions where it has outlets of its own, sequence on/off where it takes a sequence
 * (`takesSequence`: a sequence group, or a CN sequencer behind its bb232), reboot where its panel
 * reboots (cv2/cv3). The schedule form offers these and the server stores no other.
 */
export function scheduleActionsOf(devClass: DeviceClass): ScheduleAction[] {
  const spec = getDeviceSpec(devClass);
  return SCHEDULE_ACTIONS.filter((action) => {
    if (OUTLET_ACTIONS.includes(action)) return spec.outletCount > 0;
    if (action === 'reboot') return spec.panels.reboot;
    return spec.takesSequence;
  });
}
