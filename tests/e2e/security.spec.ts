import { expect, test } from './walk';
import { signedOut } from './helpers';

test('the Connection panel refuses plain http to another computer and says why', async ({ page }) => {
  await signedOut(page);
  await page.getByRole('button', { name: /Connection/ }).click();
  await page.getByRole('radio', { name: 'Platform server' }).click();
  await expect(page.getByText(/Plain http:\/\/ only for this computer/)).toBeVisible();
  await page.getByLabel('Platform server URL').fill('http://api.example.com');
  await page.getByRole('button', { name: 'Use this connection' }).click();
  await expect(page.getByText(/Use https:\/\/ for a server on another computer: over plain http the password and the session token would travel unencrypted/)).toBeVisible();
  // Nothing was saved: calls still go to the sandbox.
  await expect(page.getByTestId('active-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+/);
  await page.getByRole('radio', { name: 'Local sandbox' }).click();
  await expect(page.getByRole('button', { name: 'Use this connection' })).toBeDisabled();
});

test("the preview's media route serves the page it served only, and never the API", async ({ page, request, baseURL }) => {
  await signedOut(page);
  const key = await page.locator('meta[name="cc-bridge-media-key"]').getAttribute('content');
  expect(key?.length).toBeGreaterThanOrEqual(24);
  await page.getByRole('button', { name: /Connection/ }).click();
  const active = (await page.getByTestId('active-url').textContent()) ?? '';
  const users = encodeURIComponent(`${new URL(active.trim()).origin}/admin-auth/users`);
  // Without the page's key (what any other program or page sends): refused before anything is fetched.
  expect((await request.get(`${baseURL}/__bridge/media?src=${users}`)).status()).toBe(403);
  // With it: still no JSON API route through the proxy.
  const withKey = await request.get(`${baseURL}/__bridge/media?src=${users}&key=${encodeURIComponent(key!)}`);
  expect(withKey.status()).toBe(404);
  expect(await withKey.text()).toBe('');
});
