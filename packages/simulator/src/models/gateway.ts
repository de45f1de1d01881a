import { HubModel } from './hub';

/** BB1000 wireless gateway: sp1000 and md2zb kids reach the cloud through it. */
export class GatewayModel extends HubModel {}
