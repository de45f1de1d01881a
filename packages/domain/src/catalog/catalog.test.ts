import { describe, expect, it } from 'vitest';
import type { DeviceClass } from './device-class';
import { DEVICE_CLASSES, deviceClassSchema, isDeviceClass } from './device-class';
import { devicePath, navigationTarget, usesParentForNavigation } from './navigation';
import { classesOfFamily, DEVICE_FAMILIES, findDeviceSpec, getDeviceSpec } from './registry';

const ALERT_CHILDREN: DeviceClass[] = [
  'sp1000',
  'md2zb',
  'kf1500',
  'km4315',
  'kf1500e',
  'kmb1500',
  'km4320',
  'cn1800',
  'cn2400',
  'cn3600',
  'cnmp15',
  'cnmp20',
];

describe('device classes', () => {
  it('lists the 22 device classes and 5 child variants of spec §1', () => {
    expect(DEVICE_CLASSES).toHaveLength(27);
    expect(new Set(DEVICE_CLASSES).size).toBe(27);
  });

  it('recognises a known class and rejects an unknown one', () => {
    expect(isDeviceClass('cv2')).toBe(true);
    expect(isDeviceClass('CV2')).toBe(false);
    expect(isDeviceClass('toString')).toBe(false);
    expect(deviceClassSchema.safeParse('m9999').success).toBe(false);
  });
});

describe('catalog registry', () => {
  it('gives every class a spec from exactly one family', () => {
    for (const devClass of DEVICE_CLASSES) {
      expect(getDeviceSpec(devClass).devClass).toBe(devClass);
    }
    const covered = DEVICE_FAMILIES.flatMap((family) => classesOfFamily(family));
    expect([...covered].sort()).toEqual([...DEVICE_CLASSES].sort());
  });

  it('finds no spec for an unknown class', () => {
    expect(findDeviceSpec('nope')).toBeUndefined();
    expect(findDeviceSpec('constructor')).toBeUndefined();
  });

  it('has the outlet counts of spec §1', () => {
    const counts: Partial<Record<DeviceClass, number>> = {
      kmb1500: 4,
      kf1500: 4,
      kf1500e: 4,
      km4315: 8,
      km4320: 8,
      vt4315: 8,
      vt1512: 12,
      dc12ip: 12,
      c3ip: 3,
    };
    for (const [devClass, count] of Object.entries(counts)) {
      expect(getDeviceSpec(devClass as DeviceClass).outletCount).toBe(count);
    }
  });

  it('gives banked models three labels per outlet and km4315/km4320 one', () => {
    for (const devClass of ['kf1500', 'kf1500e', 'kmb1500'] as const) {
      expect(getDeviceSpec(devClass).bankLabelCount).toBe(3);
    }
    expect(getDeviceSpec('km4315').bankLabelCount).toBe(1);
    expect(getDeviceSpec('km4320').bankLabelCount).toBe(1);
  });

  it('attaches the child variants to the cv2 and cv3 cards', () => {
    expect([...getDeviceSpec('cv2').childClasses].sort()).toEqual(
      ['kf1500', 'kf1500e', 'km4315', 'km4320', 'kmb1500'].sort(),
    );
    expect(getDeviceSpec('cv3').childClasses).toEqual(getDeviceSpec('cv2').childClasses);
    expect(getDeviceSpec('km4315').parentClasses).toEqual(['cv2', 'cv3']);
  });

  it('makes the sequencers children of the bb232 adapter', () => {
    expect([...getDeviceSpec('bb232').childClasses].sort()).toEqual(
      ['cn1800', 'cn2400', 'cn3600', 'cnmp15', 'cnmp20'].sort(),
    );
  });

  it('joins sp1000 and md2zb wirelessly through the bb1000 gateway', () => {
    expect(getDeviceSpec('bb1000').childClasses).toEqual(['md2zb', 'sp1000']);
    const wireless = DEVICE_CLASSES.filter((c) => getDeviceSpec(c).wireless);
    expect(wireless).toEqual(['md2zb', 'sp1000']);
  });

  it('keeps parent and child lists consistent both ways', () => {
    for (const devClass of DEVICE_CLASSES) {
      const spec = getDeviceSpec(devClass);
      expect(spec.isChild).toBe(spec.parentClasses.length > 0);
      for (const parent of spec.parentClasses) {
        expect(getDeviceSpec(parent).childClasses).toContain(devClass);
      }
      for (const child of spec.childClasses) {
        expect(getDeviceSpec(child).parentClasses).toContain(devClass);
      }
    }
  });

  it('shows Find Me for sp1000 and md2zb only', () => {
    const findMe = DEVICE_CLASSES.filter((c) => getDeviceSpec(c).panels.findMe);
    expect(findMe).toEqual(['md2zb', 'sp1000']);
  });

  it('hides the meter panel for bb1000, bb232, cv2, cv3 and dc12ip only', () => {
    const hidden = DEVICE_CLASSES.filter((c) => !getDeviceSpec(c).panels.meter);
    expect([...hidden].sort()).toEqual(['bb1000', 'bb232', 'cv2', 'cv3', 'dc12ip']);
  });

  it('shows a wattage panel, Output title and Edit Outputs for dc12ip only', () => {
    for (const devClass of DEVICE_CLASSES) {
      const spec = getDeviceSpec(devClass);
      const dc = devClass === 'dc12ip';
      expect(spec.panels.wattage).toBe(dc);
      expect(spec.outletPanelTitle).toBe(dc ? 'Output' : 'Outlet Controls');
      expect(spec.editOutletsTitle).toBe(dc ? 'Edit Outputs' : 'Edit Outlets');
    }
  });

  it('shows the info button and reboot for cv2 and cv3 only', () => {
    const info = DEVICE_CLASSES.filter((c) => getDeviceSpec(c).panels.infoButton);
    const reboot = DEVICE_CLASSES.filter((c) => getDeviceSpec(c).panels.reboot);
    expect(info).toEqual(['cv2', 'cv3']);
    expect(reboot).toEqual(['cv2', 'cv3']);
  });

  it('shows battery for kf1500e, kf1500, kmb1500 and their stand-alone models', () => {
    const battery = DEVICE_CLASSES.filter((c) => getDeviceSpec(c).panels.battery);
    expect([...battery].sort()).toEqual(
      ['f1500', 'f1500e', 'kf1500', 'kf1500e', 'kmb1500', 'mb1500'].sort(),
    );
  });

  it('has power conditions 0-4 for the kf1500 family and 0-3 for the km4315 family', () => {
    expect(getDeviceSpec('kf1500').powerConditionLabels).toEqual([
      'Normal',
      'Recovery',
      'Under Voltage',
      'Over Voltage',
      'Power Lost',
    ]);
    expect(getDeviceSpec('km4315').powerConditionLabels).toEqual([
      'Normal',
      'Recovery',
      'Under Voltage',
      'Over Voltage',
    ]);
  });

  it('has the View Status columns of the kf1500 family', () => {
    expect(getDeviceSpec('kf1500').statusColumns.map((c) => c.label)).toEqual([
      'Last Refreshed',
      'Voltage',
      'Voltage Out',
      'Amperage',
      'Wattage',
      'Power Factor',
      'Power VA',
      'Power Condition',
      'Battery',
      'Outlet 1',
      'Outlet 2',
      'Outlet 3',
      'Outlet 4',
    ]);
  });

  it('has the View Status columns of the km4315 family with outlets 1-8', () => {
    const labels = getDeviceSpec('km4320').statusColumns.map((c) => c.label);
    expect(labels).toContain('Power Condition');
    expect(labels).not.toContain('Battery');
    for (const extra of [
      'AVM Fault',
      'Wire Fault',
      'Flash Use',
      'Flash Fail',
      'Sequence State',
      'Temperature',
      'Trigger',
      'Breaker Fault',
    ]) {
      expect(labels).toContain(extra);
    }
    expect(labels.filter((l) => l.startsWith('Outlet '))).toHaveLength(8);
    expect(labels.at(-1)).toBe('Outlet 8');
  });

  it('uses auto status update dur 300 for cv2/cv3 and duration 900 otherwise', () => {
    expect(getDeviceSpec('cv3').autoStatusUpdate).toEqual({ param: 'dur', seconds: 300 });
    expect(getDeviceSpec('m4315').autoStatusUpdate).toEqual({ param: 'duration', seconds: 900 });
  });

  it('names the sequence group, or DC Trigger for vt4315', () => {
    expect(getDeviceSpec('vt1512').sequence?.groupLabel).toBe('Sequence - Group');
    expect(getDeviceSpec('dc12ip').sequence?.groupLabel).toBe('Sequence - Group');
    expect(getDeviceSpec('vt4315').sequence?.groupLabel).toBe('DC Trigger');
    expect(getDeviceSpec('m4315').sequence).toBeNull();
  });

  it('takes sequence on/off where there is a sequence group, and on the CN sequencers', () => {
    expect(DEVICE_CLASSES.filter((c) => getDeviceSpec(c).takesSequence)).toEqual([
      'cn1800',
      'cn2400',
      'cn3600',
      'cnmp15',
      'cnmp20',
      'vt1512',
      'dc12ip',
      'vt4315',
    ]);
  });

  it('labels a child by SN and a directly reached device by MAC ID', () => {
    expect(getDeviceSpec('kf1500').idLabel).toBe('SN');
    expect(getDeviceSpec('cv2').idLabel).toBe('MAC ID');
  });

  it('names the CV2 card in words', () => {
    expect(getDeviceSpec('cv2').displayName).toBe('CV2 network card');
  });
});

describe('navigation of search results and alerts', () => {
  it('opens the parent device for the child classes of the alert list', () => {
    for (const devClass of DEVICE_CLASSES) {
      expect(usesParentForNavigation(devClass)).toBe(ALERT_CHILDREN.includes(devClass));
    }
  });

  it('opens the device itself for an unknown class', () => {
    expect(usesParentForNavigation('unknown')).toBe(false);
  });

  it('builds the device path with the parent class and id for a child', () => {
    const ref = {
      locationId: '7',
      devClass: 'kf1500',
      devId: 'K1',
      parentDevClass: 'cv2',
      parentDevId: 'AB12',
    };
    expect(navigationTarget(ref)).toEqual({ devClass: 'cv2', devId: 'AB12' });
    expect(devicePath(ref)).toBe('/locations/7/devices/cv2/AB12');
  });

  it('builds the device path of a stand-alone device from its own class and id', () => {
    expect(devicePath({ locationId: '7', devClass: 'm4315', devId: 'AA' })).toBe(
      '/locations/7/devices/m4315/AA',
    );
  });

  it('falls back to the child itself when the parent is not known', () => {
    expect(devicePath({ locationId: '7', devClass: 'sp1000', devId: 'S1' })).toBe(
      '/locations/7/devices/sp1000/S1',
    );
  });
});
