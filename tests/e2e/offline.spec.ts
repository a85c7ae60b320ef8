// The platform goes away during a session and comes back: the window says so once (a banner, no toast
// per call), the screen keeps what it showed, and everything recovers by itself, without a reload. A
// misbehaving proxy of our own stands between the app and a platform server of the walk's own.
import { expect, test } from './walk';
import type { Api } from '../../src/shared/api';
import { NET_TEXT } from '../../src/shared/network-messages';
import { expectAccessible, loginAs, SANDBOX_ADMIN, tableRows, unique, connectedTo } from './helpers';
import { hostApi } from './host-api';
import { startMisbehavingProxy, type MisbehavingProxy } from '../platform/misbehaving-proxy';
import { startClient, type Client } from '../platform/client';
import type { RunningServer } from '../../server/app';
import { seededPlatform } from './platform-stub';

type WithApi = { api: Api; __sameDocument?: string };

test.describe('a platform that goes away', () => {
  let proxy: MisbehavingProxy | null = null;
  let platform: RunningServer | null = null;
  let colleague: Client | null = null;
  test.afterEach(async () => {
    if (proxy) proxy.down = false;
    // Through the host, not the page: a load of the app only to call two of its calls costs a core-second.
    await hostApi.session.logout({});
    const back = await hostApi.settings.setConnection({ kind: 'sandbox' });
    expect(back.ok, JSON.stringify(back)).toBe(true);
    await colleague?.close();
    await proxy?.close();
    await platform?.close();
    proxy = null;
    platform = null;
    colleague = null;
  });

  test('is said once, the screen keeps its rows, and all comes back without a reload', async ({ page }) => {
    // A hang guard: the walk starts a platform server of its own and waits out the retries of a call.
    test.setTimeout(180_000);
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    platform = await seededPlatform();
    proxy = await startMisbehavingProxy(platform.url);
    // A colleague works on the platform directly while this console cannot reach it.
    colleague = await startClient(platform.url);
    await connectedTo(proxy.url);
    await page.goto('/#/resources');
    const rows = tableRows(page, 'Resources');
    await expect(rows.first()).toBeVisible();
    const pager = page.getByText(/^\d+–\d+ of \d+ records$/);
    await expect(pager).toBeVisible();
    const counted = (await pager.innerText()).trim();
    const total = Number(/of (\d+) records/.exec(counted)![1]);
    const firstRow = (await rows.first().textContent()) ?? '';
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((globalThis as unknown as WithApi).__sameDocument = 'yes'));

    // The platform goes away; the screen asks again (F5, as a person would).
    proxy.down = true;
    await page.getByRole('heading', { name: 'Resources', level: 1 }).click();
    await page.keyboard.press('F5');
    const banner = page.getByTestId('platform-banner');
    await expect(banner).toContainText('The platform cannot be reached', { timeout: 30_000 });
    await expect(banner).toContainText(`The platform at ${proxy.url} cannot be reached since`);
    await expect(page.getByText('The platform cannot be reached')).toHaveCount(1);
    // What the screen showed stays, and no toast per call says it again.
    await expect(pager).toHaveText(counted);
    await expect(rows.first()).toHaveText(firstRow);
    await expect(page.locator('.fui-Toast')).toHaveCount(0);
    await expectAccessible(page, 'Resources while the platform cannot be reached');

    // Another screen while it is gone: it waits (no error of its own), under the same one banner.
    await page.getByRole('link', { name: 'Synonyms' }).first().click();
    await expect(page.getByText('The platform cannot be reached')).toHaveCount(1);
    await expect(page.getByText(NET_TEXT.unreachable(proxy.url))).toHaveCount(0);
    await page.getByRole('link', { name: 'Resources' }).first().click();
    await expect(rows.first()).toHaveText(firstRow);
    await expect(pager).toHaveText(counted);

    // Meanwhile a colleague adds a resource.
    const title = `Added during the outage ${unique()}`;
    expect(await colleague.call('questionBank', 'addResource', { title, language: 'English', type: 'Article' })).toMatchObject({ ok: true });

    // The platform comes back: main hears it by itself; the banner goes and the screen refreshes.
    proxy.down = false;
    await expect(page.getByText('The platform cannot be reached')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText(`of ${total + 1} records`)).toBeVisible();
    await page.getByRole('searchbox').first().fill(title);
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
    expect(await page.evaluate(() => (globalThis as unknown as WithApi).__sameDocument)).toBe('yes');
    await expect(page.locator('.fui-Toast')).toHaveCount(0);
  });
});
