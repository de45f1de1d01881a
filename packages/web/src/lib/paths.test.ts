import { describe, expect, it } from 'vitest';
import {
  clientSettingsPath,
  deviceListPath,
  devicePath,
  joinedDevicePath,
  locationPath,
  profilePath,
  readReturnPath,
  resolveDeviceSegments,
  safeReturnPath,
  searchDevicePath,
} from './paths';

const ref = { locationId: '42', deviceId: '0A1B2C3D4E5F', deviceClass: 'm4315' };

describe('path builders', () => {
  it('builds the canonical device path id first, class second', () => {
    expect(devicePath(ref)).toBe('/locations/42/devices/0A1B2C3D4E5F/m4315/controls');
    expect(devicePath(ref, 'usage')).toBe('/locations/42/devices/0A1B2C3D4E5F/m4315/usage');
    expect(devicePath(ref, 'admin', 'firmware')).toBe(
      '/locations/42/devices/0A1B2C3D4E5F/m4315/admin/firmware',
    );
  });

  it('builds the search/alert and post-join paths class first', () => {
    expect(searchDevicePath(ref)).toBe('/locations/42/devices/m4315/0A1B2C3D4E5F');
    expect(joinedDevicePath(ref)).toBe('/locations/42/devices/m4315/0A1B2C3D4E5F/controls');
  });

  it('encodes ids so a strange id cannot leave its segment', () => {
    expect(locationPath('a/b', 'settings')).toBe('/locations/a%2Fb/settings');
    expect(clientSettingsPath('7')).toBe('/clients/7/settings');
    expect(profilePath()).toBe('/profile/accountDetails');
  });
});

describe('deviceListPath (spec §3 devViewPref)', () => {
  const card = { devId: 'AA01', devClass: 'cv3' };
  const kid = { devId: 'AA02', devClass: 'km4315' };

  it('opens Device Controls, an attached device its parent’s, unless the location prefers energy', () => {
    expect(deviceListPath('42', kid, 'outlet_controls', card)).toBe(
      '/locations/42/devices/AA01/cv3/controls',
    );
    expect(deviceListPath('42', card, undefined)).toBe('/locations/42/devices/AA01/cv3/controls');
  });

  it('opens the device’s own Energy Usage under energy management', () => {
    expect(deviceListPath('42', kid, 'energy_management', card)).toBe(
      '/locations/42/devices/AA02/km4315/usage',
    );
    expect(deviceListPath('42', card, 'energy_management')).toBe(
      '/locations/42/devices/AA01/cv3/usage',
    );
  });
});

describe('resolveDeviceSegments', () => {
  it('reads the canonical order as id then class', () => {
    expect(resolveDeviceSegments('0A1B2C3D4E5F', 'm4315')).toEqual({
      deviceId: '0A1B2C3D4E5F',
      deviceClass: 'm4315',
      swapped: false,
    });
  });

  it('recognises the class-first order of search results and alerts', () => {
    expect(resolveDeviceSegments('cv2', 'ABCDEF012345')).toEqual({
      deviceId: 'ABCDEF012345',
      deviceClass: 'cv2',
      swapped: true,
    });
  });

  it('treats child classes as classes too', () => {
    expect(resolveDeviceSegments('kf1500e', '00112233').swapped).toBe(true);
  });
});

describe('return path after sign-in', () => {
  it('returns to a remembered page of this console', () => {
    expect(readReturnPath({ from: '/clients/3/settings?x=1' })).toBe('/clients/3/settings?x=1');
  });

  it('falls back to the locations list', () => {
    expect(readReturnPath(null)).toBe('/locations/list');
    expect(readReturnPath({ from: 5 })).toBe('/locations/list');
    expect(safeReturnPath('/login')).toBe('/locations/list');
  });

  it('never leaves the site', () => {
    expect(safeReturnPath('//evil.example/x')).toBe('/locations/list');
    expect(safeReturnPath('https://evil.example/')).toBe('/locations/list');
  });
});
