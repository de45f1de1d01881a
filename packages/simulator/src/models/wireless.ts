import { AcModel } from './ac-model';

/** SP1000 and MD2-ZB: small wireless plugs behind a bb1000 gateway, with Find Me. */
export class WirelessModel extends AcModel {
  protected override initialLoad(_otlt: number): number {
    // A lamp, a router, a set-top box: light loads.
    return this.rng.range(0.05, 0.8);
  }
}
