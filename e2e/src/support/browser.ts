import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';

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
    args: CHROMIUM_ARGS,
  });
}

export async function newContext(
  browser: Browser,
  options: { userAgent?: string; width?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: 860 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitingForTheConsole(await newPage());
  return context;
}

/**
 * A signed-in page the server rendered is painted before the console runs, and is `inert` until
 * the console has rendered over it (docs/ARCHITECTURE.md, "Speed in the browser"): a click then
 * does nothing, as it does for a person. Tests act on the console, so the page's loads (goto,
 * reload) wait for it to have taken over, as a person waits for the page to respond. A page
 * without the console (#root) does not wait.
 */
function waitingForTheConsole(page: Page): Page {
  const takenOver = () =>
    page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await takenOver();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await takenOver();
    return response;
  };
  return page;
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

export interface BrowserPage {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Signs in as `{who}@example.com` with the demo password and waits for the locations list. */
  signInAs(who: string): Promise<void>;
}

/**
 * Registers the hooks every browser suite needs — one Chromium per file, a fresh context and
 * page per test, a screenshot named `{prefix}-{test}` when a test fails — and hands back the
 * current page. Call it inside the `describe`.
 */
export function useBrowserPage(
  prefix: string,
  options: { userAgent?: string; width?: number } = {},
): BrowserPage {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside a test`);
    return value;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(required(browser, 'the browser'), options);
    page = await context.newPage();
  });
  afterEach(async (ctx) => {
    if (page && ctx.task.result?.state === 'fail') {
      await saveScreenshot(page, `${prefix}-${ctx.task.name}`).catch(() => undefined);
    }
    await context?.close();
  });

  const session: BrowserPage = {
    get browser() {
      return required(browser, 'the browser');
    },
    get context() {
      return required(context, 'the browser context');
    },
    get page() {
      return required(page, 'the page');
    },
    async signInAs(who: string) {
      const current = required(page, 'the page');
      await signIn(current, `${who}@example.com`);
      await current.waitForURL('**/locations/list');
    },
  };
  return session;
}
