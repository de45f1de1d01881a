import type {
  DeviceEnergy,
  EnergyMonth,
  LocationEnergy,
  LocationSettingsView,
} from '@powerdeck/domain';
import { buildLocationSettings } from '../../../test/locations';

export const SITE = 'S1';
export const DEVICE = 'AA0000000001';

/** 2026-11-02 00:00 in Los Angeles (08:00 UTC), Unix seconds. */
export const NOV_2_LA = 1_793_606_400;

export function buildMonth(overrides: Partial<EnergyMonth> = {}): EnergyMonth {
  return {
    month: '2026-11',
    kwhToDate: 120.5,
    costToDate: 18.08,
    forecastKwh: 361.5,
    forecastCost: 54.23,
    budget: 100,
    ...overrides,
  };
}

/** Three hourly points of voltage, amperage and wattage with their bands, and two day bars. */
export function buildDeviceEnergy(overrides: Partial<DeviceEnergy> = {}): DeviceEnergy {
  const t = [NOV_2_LA, NOV_2_LA + 3600, NOV_2_LA + 7200];
  return {
    devId: DEVICE,
    devClass: 'm4315',
    measuredBy: 'self',
    zone: 'America/Los_Angeles',
    range: '7d',
    from: NOV_2_LA,
    to: NOV_2_LA + 7 * 86_400,
    resolution: 'hour',
    t,
    series: [
      {
        field: 'voltage',
        avg: [120.44, 119.96, null],
        min: [118.2, 117.5, null],
        max: [121, 121.3, null],
      },
      { field: 'amperage', avg: [2.345, 2.5, 2.25], min: [2, 2.1, 2], max: [2.9, 3, 2.6] },
      { field: 'wattage', avg: [281.25, 300.04, 270], min: [240, 250, 230], max: [350, 360, 320] },
    ],
    bars: [
      { period: '2026-11-02', kwh: 6.75, cost: 1.01 },
      { period: '2026-11-03', kwh: 7.2, cost: 1.08 },
    ],
    ratesSet: true,
    month: buildMonth(),
    ...overrides,
  };
}

export function buildLocationEnergy(overrides: Partial<LocationEnergy> = {}): LocationEnergy {
  return {
    siteId: SITE,
    zone: 'America/Los_Angeles',
    ratesSet: true,
    month: buildMonth({
      kwhToDate: 842,
      costToDate: 126.3,
      forecastKwh: 2526,
      forecastCost: 378.9,
      budget: 350,
    }),
    topConsumers: [
      { devId: 'AA0000000001', devClass: 'm4315', devName: 'Rack M4315', kwh: 512.4, cost: 76.86 },
      { devId: 'BB0000000002', devClass: 'f1500', devName: 'Lobby UPS', kwh: 210, cost: 31.5 },
    ],
    ...overrides,
  };
}

export function buildSettings(
  devViewPref: LocationSettingsView['general']['devViewPref'] = 'outlet_controls',
): LocationSettingsView {
  return buildLocationSettings({ dst: 'yes', devViewPref }, { siteId: SITE });
}
