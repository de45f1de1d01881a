import type { SearchDevice } from '@powerdeck/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RECENT_SEARCH_KEY,
  clientResultPath,
  deviceResultPath,
  locationResultPath,
  outletResultPath,
  rememberSearchClick,
} from './search-navigation';

const device = (over: Partial<SearchDevice> = {}): SearchDevice => ({
  deviceName: 'Main Rack',
  devClass: 'm4315',
  locationId: 'site 1',
  devId: '1065A3000001',
  locationName: 'Lobby',
  parentDevId: null,
  parentDevClass: null,
  clientName: null,
  ...over,
});

describe('search result navigation', () => {
  it('opens a location at /locations/{id} and a client at its settings', () => {
    expect(locationResultPath({ locationId: 's1', locationName: 'L', clientName: null })).toBe(
      '/locations/s1',
    );
    expect(clientResultPath({ clientId: 'c1', clientName: 'C', clientEmail: null })).toBe(
      '/clients/c1/settings',
    );
  });

  it('opens a device at /locations/{id}/devices/{devClass}/{devId}', () => {
    expect(deviceResultPath(device())).toBe('/locations/site%201/devices/m4315/1065A3000001');
  });

  it('opens the parent for a child of a cv2/cv3 card, a bb232 or a gateway', () => {
    for (const [devClass, parentDevClass] of [
      ['km4315', 'cv2'],
      ['kf1500', 'cv3'],
      ['cn1800', 'bb232'],
      ['sp1000', 'bb1000'],
    ] as const) {
      expect(
        deviceResultPath(device({ devClass, parentDevClass, parentDevId: '1065A3PARENT' })),
      ).toBe(`/locations/site%201/devices/${parentDevClass}/1065A3PARENT`);
    }
  });

  it('adds the keyword to an outlet result so the panel can highlight the label', () => {
    expect(outletResultPath({ ...device(), outlets: { '2': 'Projector' } }, 'proj & co')).toBe(
      '/locations/site%201/devices/m4315/1065A3000001?keyword=proj+%26+co',
    );
  });
});

describe('rememberSearchClick', () => {
  afterEach(() => {
    localStorage.clear();
    document.cookie = 'site=; path=/; max-age=0';
  });

  it('stores the name (most recent first, no repeats) and sets the site cookie', () => {
    rememberSearchClick('Lobby', 's1');
    rememberSearchClick('Main Rack', 's2');
    rememberSearchClick('Lobby', 's1');
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCH_KEY) ?? '')).toEqual([
      'Lobby',
      'Main Rack',
    ]);
    expect(document.cookie).toContain('site=s1');
  });
});
