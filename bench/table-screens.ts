/**
 * `tsx bench/table-screens.ts <app url> <out dir>`: screenshots of the Question Bank and Resources
 * screens (list, Add Question with messages, edit confirmation, Add Resource) in light and dark.
 */
import { chromium } from 'playwright-core';

const [url = 'http://127.0.0.1:5780', out = '/tmp/qb-shots'] = process.argv.slice(2);
const email = process.env.SANDBOX_ADMIN_EMAIL ?? 'admin@sandbox.local';
const password = process.env.SANDBOX_ADMIN_PASSWORD ?? 'sandbox-admin-1';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${url}/#/login`);
    await page.waitForFunction(() => typeof (globalThis as { api?: unknown }).api === 'object');
    await page.evaluate(
      async (creds) => (globalThis as unknown as { api: { session: { login: (c: unknown) => Promise<unknown> } } }).api.session.login(creds),
      { email, password },
    );
    await page.goto(`${url}/#/questions`);
    await page.reload();
    await page.getByRole('table', { name: 'Question Bank' }).locator('tbody tr[aria-rowindex]').first().waitFor();
    await page.screenshot({ path: `${out}/questions-${scheme}.png` });
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByRole('dialog', { name: 'Add Question' }).getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/add-question-${scheme}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('table', { name: 'Question Bank' }).getByRole('button', { name: /^Edit question/ }).first().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/confirm-${scheme}.png` });
    await page.getByRole('button', { name: 'Yes, edit' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/edit-question-${scheme}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog', { name: 'Add Category' }).getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/add-category-${scheme}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${url}/#/resources`);
    await page.getByRole('table', { name: 'Resources' }).locator('tbody tr[aria-rowindex]').first().waitFor();
    await page.screenshot({ path: `${out}/resources-${scheme}.png` });
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByRole('dialog', { name: 'Add Resource' }).getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/add-resource-${scheme}.png` });
    await page.close();
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
}
