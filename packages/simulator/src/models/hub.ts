import { DeviceModel } from './device-model';

/**
 * Devices whose outlets belong to their kids: the cv2/cv3 network cards (one attached unit), the
 * bb1000 wireless gateway (joined plugs) and the bb232 adapter (its sequencers). They report a
 * status of their own without a meter; a reboot restarts the card, not the attached kids.
 */
export class HubModel extends DeviceModel {}
