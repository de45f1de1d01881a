import { HubModel } from './hub';

/** BB232 RS-232 adapter: carries the CN-series sequencers as kids. */
export class Bb232Model extends HubModel {}
