import type { DeviceClass } from './device-class';
import type { DeviceSettingDescriptor } from './device-settings';

/**
 * Families group classes that share behaviour (panels, status columns, power conditions, outlet
 * naming). Each has one module under `families/`:
 * - `km4315`: the M4315/M4320 power conditioners, direct or attached to a network card (8 outlets,
 *   one name per outlet, power conditions 0-3, the long View Status table).
 * - `kf1500`: the MB1500/F1500/F1500-E battery backups, direct or attached to a card (4 outlets in
 *   banks of up to 3 labels, battery, power conditions 0-4).
 * - `cv`: the CV2/CV3 network cards that carry one attached child (info button, reboot, no meter).
 * - `gateway`: the BB1000 wireless gateway that wireless devices join through (no meter).
 * - `wireless`: SP1000 and MD2-ZB, joined through a gateway (Find Me).
 * - `bb232`: the RS-232 adapter whose children are the sequencers (no meter).
 * - `sequencer`: the CN-series sequencers behind a bb232.
 * - `vt`: VT1512/VT4315 sequencing outlet controllers (sequence group or DC trigger).
 * - `dc12ip`: the 12-output DC module (Output panel, wattage panel, Efuse faults).
 * - `controller`: the remaining stand-alone IP outlet controllers (M4000, SM3, C3IP).
 */
export type DeviceFamily =
  | 'km4315'
  | 'kf1500'
  | 'cv'
  | 'gateway'
  | 'wireless'
  | 'bb232'
  | 'sequencer'
  | 'vt'
  | 'dc12ip'
  | 'controller';

/** A status field a View Status column reads (spec §3 Status); outlets are `otlt1`..`otlt12`. */
export type StatusField =
  | 'time'
  | 'voltage'
  | 'voltage_out'
  | 'amperage'
  | 'wattage'
  | 'pwr_fact'
  | 'pwr_va'
  | 'pwr_cond'
  | 'battlevel'
  | 'avmfault'
  | 'wiringfault'
  | 'flashwrite'
  | 'flashfail'
  | 'lastseqstate'
  | 'temperature'
  | 'trig'
  | 'brkrfault'
  | 'tp'
  | `otlt${number}`;

/** How a View Status cell is shown (precision of spec §9, see `format/`). */
export type StatusColumnFormat =
  | 'time'
  | 'voltage'
  | 'amperage'
  | 'wattage'
  | 'decimal2'
  | 'powerCondition'
  | 'battery'
  | 'outlet'
  | 'text';

export interface StatusColumn {
  field: StatusField;
  label: string;
  format: StatusColumnFormat;
}

export interface DevicePanels {
  meter: boolean;
  wattage: boolean;
  battery: boolean;
  findMe: boolean;
  infoButton: boolean;
  reboot: boolean;
  outlets: boolean;
}

/** Sequence on/off support; `groupLabel` names the set of outlets the sequence acts on. */
export interface SequenceSupport {
  groupLabel: 'Sequence - Group' | 'DC Trigger';
}

export interface DeviceSpec {
  devClass: DeviceClass;
  family: DeviceFamily;
  /** Human device type, e.g. "CV2 network card". */
  displayName: string;
  isChild: boolean;
  parentClasses: readonly DeviceClass[];
  childClasses: readonly DeviceClass[];
  /** Outlets numbered from 1; 0 for devices whose outlets belong to their children. */
  outletCount: number;
  /** Labels per outlet: 3 (name1..name3) for banked models, 1 (name) otherwise. */
  bankLabelCount: 1 | 2 | 3;
  idLabel: 'MAC ID' | 'SN';
  panels: DevicePanels;
  outletPanelTitle: 'Outlet Controls' | 'Output';
  editOutletsTitle: 'Edit Outlets' | 'Edit Outputs';
  statusColumns: readonly StatusColumn[];
  /** Power condition labels by code (index = pwr_cond); empty when the class reports none. */
  powerConditionLabels: readonly string[];
  /** Joined through a wireless gateway rather than claimed by MAC ID and challenge key. */
  wireless: boolean;
  sequence: SequenceSupport | null;
  /**
   * Takes sequence on/off (svc=sequence): a class with a sequence group (`sequence`), and the
   * CN-series sequencers, whose bb232 runs their sequence (sequenceonoff, spec §7).
   */
  takesSequence: boolean;
  /** Outputs protected by Efuses whose faults colour the device card as an error (dc12ip). */
  efuseOutputs: boolean;
  /** Auto status update parameter and length (spec §7, §9): dur=300 for cards, duration=900. */
  autoStatusUpdate: { param: 'dur' | 'duration'; seconds: number };
  /** The settings the class has (the Settings page's sections; a kid has no clock of its own). */
  settings: readonly DeviceSettingDescriptor[];
}
