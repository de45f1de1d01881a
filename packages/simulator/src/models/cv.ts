import { HubModel } from './hub';

/** CV2/CV3 network cards: one attached km4315/kf1500-family kid; rebooting spares the kid. */
export class CvModel extends HubModel {}
