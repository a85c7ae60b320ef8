/**
 * Playwright's `test` with one browser context per worker instead of one per walk. The app keeps nothing in
 * the browser (no storage, no cookies: the session is the host's), so a walk's fresh page in the worker's
 * context starts as it would in a new context, but Chromium keeps the app's assets and the code V8 compiled
 * from them between walks: a walk's first load of the app then costs a fraction of a cold one. A walk's
 * `viewport` (test.use) is set on its page. Walks that need a browser of their own (two clients) still make
 * their own contexts from `browser`.
 */
import { test as base, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ workerContext }, use) => {
    await use(workerContext);
  },
  page: async ({ context, viewport }, use) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    await page.close();
  },
});
