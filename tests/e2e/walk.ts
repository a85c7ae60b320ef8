/**
 * The walks' `test`: Playwright's, with one page kept for all the walks of a worker instead of a new browser
 * context and page per walk. A new context starts a new renderer process, which then compiles the app with
 * no code cache: about 2.1 s of CPU to show a list, against about 1.1 s for the same load in a kept page
 * (docs/performance.md). Each walk still starts the app anew: the kept page is taken back to about:blank
 * first, so the walk's first load is a real start of the app (its JavaScript state, the session asked of
 * main, the kept views), as in a new page; only the browser's caches and the renderer process are kept.
 * The test's viewport and reduced-motion options are applied to the kept page at each walk's start, and
 * the pointer goes back to the page's corner.
 *
 * `test.use({ freshPage: true })` gives a walk a context and page of its own, for what would outlive it
 * in a kept page: Playwright's clock (installed into the context), granted permissions.
 */
import { test as base, type Dialog, type Page, type ViewportSize } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

const DEFAULT_VIEWPORT: ViewportSize = { width: 1280, height: 720 };

export const test = base.extend<{ freshPage: boolean }, { keptPage: Page }>({
  freshPage: [false, { option: true }],
  keptPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, reducedMotion, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, reducedMotion, viewport: viewport ?? DEFAULT_VIEWPORT });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ freshPage, keptPage, browser, baseURL, viewport, reducedMotion, colorScheme }, use) => {
    if (freshPage) {
      const context = await browser.newContext({ baseURL, viewport, reducedMotion, colorScheme });
      await use(await context.newPage());
      await context.close();
      return;
    }
    await leaveTheApp(keptPage);
    // The pointer where a new page has it, not resting where the last walk left it (over a control whose
    // tooltip would then open in this walk).
    await keptPage.mouse.move(0, 0);
    await keptPage.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
    await keptPage.emulateMedia({ reducedMotion: reducedMotion ?? null, colorScheme: colorScheme ?? null });
    await use(keptPage);
  },
});

/**
 * The kept page back at about:blank, so that the next load starts the app. A form the last walk left
 * changed asks before the page goes (the app's beforeunload guard): the kept page leaves it, as a closed
 * page would.
 */
async function leaveTheApp(page: Page): Promise<void> {
  if (page.url() === 'about:blank') return;
  const leave = (dialog: Dialog): Promise<void> => (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  page.on('dialog', leave);
  try {
    await page.goto('about:blank');
  } finally {
    page.off('dialog', leave);
  }
}
