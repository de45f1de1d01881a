import type { DeviceClass, DeviceFamily } from '@powerdeck/domain';
import { Bb232Model } from './bb232';
import { classFacts } from './class-facts';
import { ControllerModel } from './controller';
import { CvModel } from './cv';
import { Dc12ipModel } from './dc12ip';
import type { ModelOptions } from './device-model';
import { DeviceModel } from './device-model';
import { GatewayModel } from './gateway';
import { Kf1500Model } from './kf1500';
import { Km4315Model } from './km4315';
import { SequencerModel } from './sequencer';
import { VtModel } from './vt';
import { WirelessModel } from './wireless';

type ModelClass = new (opts: ModelOptions) => DeviceModel;

/** The one place that knows which model simulates which family (CONVENTIONS: one registry). */
export const FAMILY_MODELS: Readonly<Record<DeviceFamily, ModelClass>> = {
  km4315: Km4315Model,
  kf1500: Kf1500Model,
  cv: CvModel,
  gateway: GatewayModel,
  wireless: WirelessModel,
  bb232: Bb232Model,
  sequencer: SequencerModel,
  vt: VtModel,
  dc12ip: Dc12ipModel,
  controller: ControllerModel,
};

export type CreateModelOptions = Omit<ModelOptions, 'facts'> & { devClass: DeviceClass };

/** Builds the model of a class (without kids; attach them with `addKid`). */
export function createModel(opts: CreateModelOptions): DeviceModel {
  const facts = classFacts(opts.devClass);
  const Model = FAMILY_MODELS[facts.family];
  return new Model({ ...opts, facts });
}

/** Attaches a kid model to a parent, checking the catalog allows it. */
export function addKid(parent: DeviceModel, kid: DeviceModel): void {
  checkAttach(parent, kid);
  parent.kids.push(kid);
}

/**
 * Puts a unit on a parent's bus or radio that the parent does not report until a discovery
 * (the `discover` command) finds it; from then on it is a kid.
 */
export function addUndiscovered(parent: DeviceModel, unit: DeviceModel): void {
  checkAttach(parent, unit);
  parent.undiscovered.push(unit);
}

function checkAttach(parent: DeviceModel, kid: DeviceModel): void {
  if (!parent.facts.childClasses.includes(kid.facts.devClass)) {
    throw new Error(`${kid.devClass} cannot attach to ${parent.devClass}`);
  }
  if ([...parent.kids, ...parent.undiscovered].some((k) => k.devId === kid.devId)) {
    throw new Error(`kid ${kid.devId} is already attached to ${parent.devId}`);
  }
}

export { DeviceModel };
