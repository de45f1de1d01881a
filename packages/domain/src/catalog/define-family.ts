import { AUTO_STATUS_UPDATE_SECONDS } from '../constants';
import { describeSettings } from './device-settings';
import type { DeviceClass } from './device-class';
import type { DeviceFamily, DeviceSpec, StatusColumn } from './device-spec';

/** What a family module declares; the registry derives `childClasses` from every `parentClasses`. */
export type DeviceSpecDraft = Omit<DeviceSpec, 'childClasses'>;

/** Traits every member of a family shares. */
export type FamilyTraits = Omit<
  DeviceSpecDraft,
  | 'devClass'
  | 'family'
  | 'displayName'
  | 'outletCount'
  | 'parentClasses'
  | 'isChild'
  | 'idLabel'
  | 'statusColumns'
  | 'efuseOutputs'
  | 'takesSequence'
> & {
  efuseOutputs?: boolean;
  /** Takes sequence on/off without a sequence group of its own; a sequence group implies it. */
  takesSequence?: boolean;
  /** View Status columns of a member with this many outlets. */
  statusColumns: (outletCount: number) => readonly StatusColumn[];
};

export interface FamilyMember {
  devClass: DeviceClass;
  displayName: string;
  outletCount: number;
  /** Classes this one attaches to; empty or absent for a device reached on its own. */
  parentClasses?: readonly DeviceClass[];
}

export interface FamilyModule {
  family: DeviceFamily;
  specs: readonly DeviceSpecDraft[];
}

/**
 * Builds the drafts of one family. A child is identified by its serial number ('SN') because it
 * has no network interface of its own; a device reached directly is identified by its 'MAC ID'.
 */
export function defineFamily(
  family: DeviceFamily,
  traits: FamilyTraits,
  members: readonly FamilyMember[],
): FamilyModule {
  return {
    family,
    specs: members.map((member) => {
      const parentClasses = member.parentClasses ?? [];
      const isChild = parentClasses.length > 0;
      const { statusColumns, efuseOutputs, takesSequence, ...shared } = traits;
      return {
        ...shared,
        // a kid runs on its parent's clock
        settings: isChild ? shared.settings.filter((s) => s.key !== 'clock') : shared.settings,
        efuseOutputs: efuseOutputs ?? false,
        takesSequence: takesSequence ?? shared.sequence !== null,
        statusColumns: statusColumns(member.outletCount),
        devClass: member.devClass,
        family,
        displayName: member.displayName,
        outletCount: member.outletCount,
        parentClasses,
        isChild,
        idLabel: isChild ? 'SN' : 'MAC ID',
      };
    }),
  };
}

/** `Outlets 1`..`Outlets n` columns of View Status. */
export function outletColumns(count: number): StatusColumn[] {
  return Array.from({ length: count }, (_, i) => ({
    field: `otlt${i + 1}` as const,
    label: `Outlet ${i + 1}`,
    format: 'outlet' as const,
  }));
}

export const lastRefreshedColumn: StatusColumn = {
  field: 'time',
  label: 'Last Refreshed',
  format: 'time',
};

/** The basic meter columns of View Status (spec §2), shared by the kf1500 and km4315 families. */
export const basicStatusColumns: readonly StatusColumn[] = [
  lastRefreshedColumn,
  { field: 'voltage', label: 'Voltage', format: 'voltage' },
  { field: 'voltage_out', label: 'Voltage Out', format: 'voltage' },
  { field: 'amperage', label: 'Amperage', format: 'amperage' },
  { field: 'wattage', label: 'Wattage', format: 'wattage' },
  { field: 'pwr_fact', label: 'Power Factor', format: 'decimal2' },
  { field: 'pwr_va', label: 'Power VA', format: 'decimal2' },
  { field: 'pwr_cond', label: 'Power Condition', format: 'powerCondition' },
];

/** Meter columns for families the spec gives no View Status table for. */
export const meterStatusColumns: readonly StatusColumn[] = [
  lastRefreshedColumn,
  { field: 'voltage', label: 'Voltage', format: 'voltage' },
  { field: 'amperage', label: 'Amperage', format: 'amperage' },
  { field: 'wattage', label: 'Wattage', format: 'wattage' },
];

/** Power condition labels by code (spec §9); the km4315 family uses the first four. */
export const KF1500_POWER_CONDITIONS = [
  'Normal',
  'Recovery',
  'Under Voltage',
  'Over Voltage',
  'Power Lost',
] as const;
export const KM4315_POWER_CONDITIONS = KF1500_POWER_CONDITIONS.slice(0, 4);

export const NO_PANELS_BUT_OUTLETS = {
  meter: false,
  wattage: false,
  battery: false,
  findMe: false,
  infoButton: false,
  reboot: false,
  outlets: true,
} as const;

export const METER_AND_OUTLETS = { ...NO_PANELS_BUT_OUTLETS, meter: true } as const;

export const OUTLET_TITLES = {
  outletPanelTitle: 'Outlet Controls',
  editOutletsTitle: 'Edit Outlets',
} as const;

export const STANDARD_AUTO_STATUS_UPDATE = {
  param: 'duration',
  seconds: AUTO_STATUS_UPDATE_SECONDS,
} as const;

/**
 * Traits of a wired adapter whose own outlet count is 0 because the outlets belong to the devices
 * attached to it (BB232 and its sequencers, BB1000 and its wireless devices).
 */
export const ADAPTER_TRAITS: FamilyTraits = {
  bankLabelCount: 1,
  panels: NO_PANELS_BUT_OUTLETS,
  ...OUTLET_TITLES,
  statusColumns: () => [lastRefreshedColumn],
  powerConditionLabels: [],
  wireless: false,
  sequence: null,
  autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
  settings: describeSettings({ events: ['info'], clock: true }),
};

/** Traits of a wired device with a meter and its outlets and no further special panels. */
export const METERED_TRAITS: FamilyTraits = {
  bankLabelCount: 1,
  panels: METER_AND_OUTLETS,
  ...OUTLET_TITLES,
  statusColumns: (outletCount) => [...meterStatusColumns, ...outletColumns(outletCount)],
  powerConditionLabels: [],
  wireless: false,
  sequence: null,
  autoStatusUpdate: STANDARD_AUTO_STATUS_UPDATE,
  settings: describeSettings({
    events: ['outlet', 'cycle', 'power', 'fault', 'info'],
    cycleGroup: true,
    powerOn: true,
    clock: true,
  }),
};
