import { AcModel } from './ac-model';
import type { ModelOptions } from './device-model';

/**
 * CN-series sequencers behind a bb232: outlet banks switched in order with a step delay. The
 * larger units carry more current before their breaker trips.
 */
export class SequencerModel extends AcModel {
  constructor(opts: ModelOptions) {
    super(opts);
    this.breakerLimitA = opts.facts.devClass.endsWith('20') ? 20 : 15;
  }

  protected override initialLoad(_otlt: number): number {
    // Amplifiers and processors in a rack: heavier loads than a desk strip.
    return this.rng.range(0.4, 2.2);
  }
}
