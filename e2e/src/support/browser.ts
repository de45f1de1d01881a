import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'powerdeck-demo';
export const ARTIFACTS_DIR = resolve(import.meta.dirname, '../../../artifacts');

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export const baseUrl = () => inject('baseUrl');

/** True where the browser tests can run; outside CI a missing Chromium skips them loudly. */
export const hasBrowser = () => inject('chromiumPath') !== null;

export async function launchBrowser(): Promise<Browser> {
  const executablePath = inject('chromiumPath');
  if (!executablePath) throw new Error('Chromium is not installed');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(
  browser: Browser,
  options: { userAgent?: string; width?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: 860 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

export async function saveScreenshot(page: Page, name: string) {
  mkdirSync(resolve(ARTIFACTS_DIR, 'screenshots'), { recursive: true });
  await page.screenshot({
    path: resolve(ARTIFACTS_DIR, 'screenshots', `${name}.png`),
    fullPage: true,
  });
}
