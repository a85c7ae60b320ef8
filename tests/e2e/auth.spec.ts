import { expect, test } from './walk';
import type { Api } from '../../src/shared/api';
import { shotsAtSizes } from './shots-sizes';
import { createAccount, loginAs, newestMail, openApp, SANDBOX_ADMIN, signedOut, webPathOf, toast, expectAccessible } from './helpers';

test.describe('login', () => {
  test('shows the schema messages for empty and malformed fields', async ({ page }) => {
    await signedOut(page);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page, 'Log in');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter valid email!')).toBeVisible();
    await expect(page.getByText('Enter your password!')).toBeVisible();

    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter valid email!')).toBeVisible();
    await expect(page.getByText('Enter your password!')).toBeHidden();
  });

  test('a wrong password shows the server message; the right one logs in', async ({ page }) => {
    const admin = await createAccount(page, { password: 'first-pass-1' });
    await signedOut(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    // The focus is not lost with the form's disabled fields: it waits in the password, to type it again.
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    // The server's reason is the toast only: the form shows no copy of it.
    await expect(page.getByRole('form', { name: 'Log in' }).getByText('Invalid email or password.')).toHaveCount(0);
    await shotsAtSizes(page, 'login-refused');
    // A submit the form itself refuses afterwards keeps the focus on its own message's field.
    await page.getByRole('textbox', { name: 'Email' }).fill('');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter valid email!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);

    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByTestId('current-user-name')).toHaveText(admin.name);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // The session lives in main: the page keeps nothing of it in web storage or cookies.
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);
    await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
  });

  test('the connection panel says where calls go and where the token is kept', async ({ page }) => {
    await signedOut(page);
    await page.getByRole('button', { name: /Connection/ }).click();
    await expect(page.getByRole('radio', { name: 'Local sandbox' })).toBeChecked();
    await expect(page.getByTestId('active-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+/);
    await expect(page.getByText('Token store')).toBeVisible();
    // The token store's sentence wraps between words, never inside one (at the narrow window too).
    await page.setViewportSize({ width: 1024, height: 700 });
    const note = page.getByTestId('token-store');
    const lines = await note.evaluate((element) => {
      const text = element.firstChild as Text;
      const tops = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      const broken = [...text.data.matchAll(/\S+/g)].filter((word) => tops(word.index, word.index + word[0].length) > 1).map((word) => word[0]);
      return { lines: tops(0, text.data.length), broken };
    });
    expect(lines.lines).toBeGreaterThan(1);
    expect(lines.broken).toEqual([]);
    await page.getByRole('radio', { name: 'Platform server' }).click();
    await page.getByLabel('Platform server URL').fill('ftp://example.com');
    await page.getByRole('button', { name: 'Use this connection' }).click();
    await expect(page.getByText(/must start with http/)).toBeVisible();
    // Back to the sandbox without saving anything.
    await page.getByRole('radio', { name: 'Local sandbox' }).click();
    await expect(page.getByRole('button', { name: 'Use this connection' })).toBeDisabled();
  });
});

test.describe('faults', () => {
  test('a platform server that cannot be reached gets a message naming it, and the app stays usable', async ({ page }) => {
    await signedOut(page);
    await page.getByRole('button', { name: /Connection/ }).click();
    await page.getByRole('radio', { name: 'Platform server' }).click();
    // Port 9 (discard) on loopback: nothing listens there.
    await page.getByLabel('Platform server URL').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Use this connection' }).click();
    await expect(page.getByTestId('active-url')).toHaveText('http://127.0.0.1:9');
    try {
      await page.getByRole('textbox', { name: 'Email' }).fill(SANDBOX_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(SANDBOX_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.locator('.fui-ToastTitle', { hasText: /^The server at http:\/\/127\.0\.0\.1:9 cannot be reached/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    } finally {
      // Back to the sandbox: the form still works and the login goes through.
      await page.getByRole('radio', { name: 'Local sandbox' }).click();
      await page.getByRole('button', { name: 'Use this connection' }).click();
      await expect(page.getByTestId('active-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d{4,}/);
    }
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
  });
});

test.describe('route guard', () => {
  test('without a session any route shows the login screen, then the route itself', async ({ page }) => {
    await signedOut(page, '/admins');
    await expect(page).toHaveURL(/#\/admins$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email' }).fill(SANDBOX_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SANDBOX_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/#\/admins$/);
  });

  test('a session that expires under a screen: after signing in again that screen is back, not Courses', async ({ page, request }) => {
    const account = await createAccount(page, { role: 'Admin', password: 'expiring-admin-1' });
    await loginAs(page, account.email, 'expiring-admin-1', '/synonyms');
    await expect(page.getByRole('heading', { name: 'Synonyms', level: 1 })).toBeVisible();

    // The same account changes its password on another device: the server ends this session.
    const settings = await page.evaluate(() => (globalThis as unknown as { api: Api }).api.settings.get({}));
    if (!settings.ok || !settings.data.activeUrl) throw new Error(`no server address: ${JSON.stringify(settings)}`);
    const url = settings.data.activeUrl.replace(/\/$/, '');
    const b64 = (text: string) => `b64:${Buffer.from(text).toString('base64')}`;
    const login = await request.post(`${url}/admin-auth/login`, { data: { email: account.email, encryptedPassword: b64('expiring-admin-1') } });
    const { token, userDetails } = (await login.json()) as { token: string; userDetails: { id: string } };
    const changed = await request.post(`${url}/admin-auth/change-password`, {
      headers: { authorization: `Bearer ${token}` },
      data: { id: userDetails.id, email: account.email, encryptedOldPassword: b64('expiring-admin-1'), encryptedNewPassword: b64('expiring-admin-2') },
    });
    expect(changed.status(), await changed.text()).toBe(200);

    // The next call finds the session gone.
    await page.getByRole('heading', { name: 'Synonyms', level: 1 }).click();
    await page.keyboard.press('F5');
    await expect(toast(page, 'Your session has expired. Please log in again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('expiring-admin-2');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Synonyms', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/#\/synonyms$/);
  });

  test('forgot-password and reset-password show their own screens with or without a session', async ({ page }) => {
    await signedOut(page, '/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expectAccessible(page, 'Forgot password');
    await openApp(page, '/reset-password');
    await expect(page.getByText('This reset link is incomplete')).toBeVisible();

    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await page.goto('/#/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  });

  test('every area of the sidebar has its screen, and the window title names it', async ({ page }) => {
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // No sidebar entry is marked as not built (every area of both specs has its screen now).
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await expect(nav.getByText('(not built yet)')).toHaveCount(0);
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/#\/users$/);
    await expect(page.getByText(/is not built yet/)).toHaveCount(0);
    await expect(page).toHaveTitle('Users — Content Console');
    await nav.getByRole('link', { name: 'Admins', exact: true }).click();
    await expect(page).toHaveTitle('Admins — Content Console');
    await page.getByRole('link', { name: 'Content Console home' }).click();
    await expect(page).toHaveURL(/#\/$/);
  });
});

test.describe('logout', () => {
  test('declining keeps the session; confirming ends it', async ({ page }) => {
    await loginAs(page, SANDBOX_ADMIN.email, SANDBOX_ADMIN.password);
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Are you sure ?')).toBeVisible();
    await expectAccessible(page, 'Logout question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page, 'Good choice!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The same message again while it shows is one toast, not a stack of copies; below the app bar.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.fui-ToastTitle', { hasText: 'Good choice!' })).toHaveCount(1);
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect((await toast(page, 'Good choice!').boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);

    // Logged out from Admins: the next sign-in comes back there, not to the home screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admins', exact: true }).click();
    await expect(page).toHaveTitle('Admins — Content Console');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await expect(toast(page, 'Log out successful!')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(SANDBOX_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SANDBOX_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveTitle('Admins — Content Console');
    await expect(page).toHaveURL(/#\/admins$/);

    // The session is gone in main after a logout: a reload stays signed out.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('password screens', () => {
  test('forgot password, then reset through the link of the mail', async ({ page }) => {
    const admin = await createAccount(page, { password: 'before-reset-1' });
    await signedOut(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/#\/forgot-password$/);
    const asked = Date.now() - 1000;
    await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // The server's message as the success toast (spec 1 section 8), and kept on the page after the toast.
    await expect(toast(page, 'If an account exists for this email, a reset link has been sent.')).toBeVisible();
    await expect(page.getByRole('status').getByText('If an account exists for this email, a reset link has been sent.')).toBeVisible();

    const mail = await newestMail(admin.email, asked);
    await page.goto(`/#${webPathOf(mail)}`);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Reset password' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await expect(submit).toBeDisabled();
    await page.getByLabel('New password', { exact: true }).fill('after-reset-1');
    await page.getByLabel('Confirm new password').fill('after-reset-2');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Confirm new password').fill('after-reset-1');
    await expect(submit).toBeEnabled();
    await submit.click();

    const done = page.getByRole('alertdialog');
    await expect(done.getByText('Done!', { exact: true })).toBeVisible();
    await expect(done.getByText('Your password has been reset.', { exact: true })).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/$/);

    // The new password works, the old one does not.
    await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('after-reset-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
  });

  test('a reset link without a token says so', async ({ page }) => {
    await signedOut(page, '/reset-password');
    await expect(page.getByText('This reset link is incomplete')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset password' })).toHaveCount(0);
  });

  test('change password: a wrong old password, then success and the redirect after 2 seconds', async ({ page }) => {
    const admin = await createAccount(page, { password: 'change-me-1' });
    await loginAs(page, admin.email, 'change-me-1');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/#\/change-password$/);
    await expect(page).toHaveTitle('Change password — Content Console');
    await expectAccessible(page, 'Change password');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(admin.email);

    await page.getByRole('textbox', { name: 'Old password', exact: true }).fill('not-the-password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('changed-pass-1');
    // The confirmation must match before anything is sent.
    await page.getByLabel('Confirm new password').fill('changed-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('changed-pass-1');
    await expect(page.getByText('The passwords do not match.')).toBeHidden();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'The old password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/#\/change-password$/);

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Old password', exact: true }).fill('change-me-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible();

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('changed-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password has been Changed')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/#\/change-password$/);
    await expect(page).toHaveURL(/#\/$/, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

    await loginAs(page, admin.email, 'changed-pass-1');
  });
});
