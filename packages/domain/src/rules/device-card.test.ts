import { describe, expect, it } from 'vitest';
import { dc12ipWattageLevel, deviceCardColour } from './device-card';

describe('device card colour', () => {
  it('is disconnected when the device is not connected, whatever the faults', () => {
    expect(deviceCardColour({ devClass: 'dc12ip', connected: false, spu: 'Shutdown' })).toBe(
      'disconnected',
    );
  });

  it('is connected for a connected device without faults', () => {
    expect(deviceCardColour({ devClass: 'm4315', connected: true })).toBe('connected');
    expect(deviceCardColour({ devClass: 'dc12ip', connected: true, spu: 'OK' })).toBe('connected');
  });

  it('is warning for Inhibit', () => {
    expect(deviceCardColour({ devClass: 'dc12ip', connected: true, spu: 'Inhibit' })).toBe(
      'warning',
    );
  });

  it('is error for Prioritize, Shutdown and Warning', () => {
    for (const spu of ['Prioritize', 'Shutdown', 'Warning']) {
      expect(deviceCardColour({ devClass: 'dc12ip', connected: true, spu })).toBe('error');
    }
  });

  it('is error for an Efuse fault on dc12ip', () => {
    const efuse = [false, true, ...Array<boolean>(10).fill(false)];
    expect(deviceCardColour({ devClass: 'dc12ip', connected: true, spu: 'OK', efuse })).toBe(
      'error',
    );
  });

  it('ignores Efuse flags on other classes', () => {
    expect(deviceCardColour({ devClass: 'vt1512', connected: true, efuse: [true] })).toBe(
      'connected',
    );
  });

  it('error outranks warning', () => {
    expect(
      deviceCardColour({ devClass: 'dc12ip', connected: true, spu: 'Inhibit', efuse: [true] }),
    ).toBe('error');
  });
});

describe('dc12ip wattage level', () => {
  it('is normal below 135 W', () => {
    expect(dc12ipWattageLevel(0)).toBe('normal');
    expect(dc12ipWattageLevel(134.9)).toBe('normal');
  });

  it('is inhibit from 135 W', () => {
    expect(dc12ipWattageLevel(135)).toBe('inhibit');
    expect(dc12ipWattageLevel(149.9)).toBe('inhibit');
  });

  it('is warning from 150 W', () => {
    expect(dc12ipWattageLevel(150)).toBe('warning');
    expect(dc12ipWattageLevel(164.9)).toBe('warning');
  });

  it('is critical from 165 W', () => {
    expect(dc12ipWattageLevel(165)).toBe('critical');
    expect(dc12ipWattageLevel(400)).toBe('critical');
  });
});
