import { describe, expect, it } from 'vitest';
import { demoExposureBanner, demoLoginBanner } from './banner';

describe('demo banners', () => {
  it('the login banner of a demo on loopback carries no warning', () => {
    const banner = demoLoginBanner(['owner@example.com'], 'http://localhost:8080');
    expect(banner).toContain('owner@example.com');
    expect(banner).not.toMatch(/WARNING/);
  });

  it('a demo listening beyond this machine says what that means above the logins', () => {
    const banner = demoLoginBanner(['owner@example.com'], 'http://localhost:8080', '0.0.0.0');
    expect(banner.indexOf('WARNING: this demo listens on 0.0.0.0')).toBeLessThan(
      banner.indexOf('owner@example.com'),
    );
    expect(banner).toMatch(/Anyone who can reach this address can sign in/);
    expect(banner).toMatch(/outbox .* stays readable only on this machine or by a SUPPORT user/);
    expect(banner).toMatch(/Set DEMO=false for real use/);
  });

  it('the warning alone is boxed with every line the same width', () => {
    const lines = demoExposureBanner('::').split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^\+!+\+$/);
  });
});
