import { describe, expect, it } from 'vitest';
import { type CrossSiteInput, isCrossSiteRequest } from './cross-site';

const base: CrossSiteInput = {
  secFetchSite: undefined,
  origin: undefined,
  host: 'console.example.com',
  publicOrigin: 'https://console.example.com',
};
const check = (overrides: Partial<CrossSiteInput>) => isCrossSiteRequest({ ...base, ...overrides });

describe('isCrossSiteRequest', () => {
  it('lets through a request without Origin or Sec-Fetch-Site (curl, scripts)', () => {
    expect(check({})).toBe(false);
  });

  it('refuses a request the browser marks cross-site, even without Origin', () => {
    expect(check({ secFetchSite: 'cross-site' })).toBe(true);
  });

  it('lets through same-origin and same-site fetches without Origin', () => {
    expect(check({ secFetchSite: 'same-origin' })).toBe(false);
    expect(check({ secFetchSite: 'none' })).toBe(false);
  });

  it('lets through the public origin', () => {
    expect(check({ origin: 'https://console.example.com' })).toBe(false);
  });

  it('lets through an Origin matching the Host the console was reached at', () => {
    expect(check({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' })).toBe(false);
  });

  it('refuses another origin', () => {
    expect(check({ origin: 'https://evil.example' })).toBe(true);
    expect(check({ origin: 'https://console.example.com.evil.example' })).toBe(true);
  });

  it('refuses the opaque "null" origin', () => {
    expect(check({ origin: 'null' })).toBe(true);
  });

  it('refuses an Origin on another port of the same host', () => {
    expect(check({ origin: 'http://console.example.com:8081' })).toBe(true);
  });
});
