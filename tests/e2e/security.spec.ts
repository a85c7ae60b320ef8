import { expect, test } from '@playwright/test';
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
