import t from 'tap';
import type { Page } from 'playwright-core';
import { buildBackOffice, launchChromium, screenshot, watchForPageErrors } from '../helpers/browser.js';
import { ADMIN, startTestApp, type TestApp } from '../helpers/test-app.js';

/** What a page may log without failing the test: answers the screens expect (401 before signing in, 400 of a form the service refuses, 429 when held back) and the websocket while the service has none. */
const EXPECTED_CONSOLE = [/status of 40[0-4]/, /status of 429/, /WebSocket connection to .* failed/];

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function bearer(s: TestApp, key: string): Promise<number> {
  return (await fetch(`${s.url}/api/v1/users/current`, { headers: { authorization: `Bearer ${key}` } })).status;
}

t.test('an administrator signs in, finds a user, creates a key that works, and revokes it', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const adminDir = await buildBackOffice();
  const s = (await startTestApp(t, {
    socket: true,
    env: { CMS_ADMIN_DIR: adminDir, CMS_AUTH_LOGIN_MAX_FAILURES: '2' },
  }))!;
  for (const [first, last] of [
    ['Dana', 'Scully'],
    ['Fox', 'Mulder'],
    ['Walter', 'Skinner'],
  ] as const)
    await s.http('POST', '/api/v1/users', {
      headers: s.basicAuth(),
      body: {
        email: `${first.toLowerCase()}@fbi.gov`,
        firstName: first,
        lastName: last,
        password: 'i-want-to-believe-1',
      },
    });

  // A role below another: the user form lists every shared role to grant, not only the roots.
  const agents = await s.http('POST', '/api/v1/roles', { headers: s.basicAuth(), body: { roleName: 'Agents' } });
  const fieldAgents = await s.http('POST', '/api/v1/roles', {
    headers: s.basicAuth(),
    body: { roleName: 'Field agents', parentRoleId: agents.json.entity.id },
  });

  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  watchForPageErrors(t, page, EXPECTED_CONSOLE);
  const stateChanging: Array<{ method: string; header: string | undefined }> = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/'))
      stateChanging.push({ method: request.method(), header: request.headers()['x-requested-with'] });
  });

  const first = await page.goto(`${s.url}/admin/`);
  t.match(first?.headers()['content-security-policy'], `script-src ${new URL(s.url).host}/admin/;`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await screenshot(page, 'sign-in');

  await signIn(page, ADMIN.email, 'not-the-password');
  await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
  await screenshot(page, 'sign-in-wrong-password');

  // Held back after two failures for one account from one address: the wait is shown.
  const blocked = await browser.newPage();
  watchForPageErrors(t, blocked, EXPECTED_CONSOLE);
  await blocked.goto(`${s.url}/admin/`);
  for (let i = 0; i < 3; i++) await signIn(blocked, 'fox@fbi.gov', `wrong-${i}`);
  await blocked
    .getByRole('alert')
    .filter({ hasText: /Too many failed attempts\. Try again in \d+ seconds\./ })
    .waitFor();
  await screenshot(blocked, 'sign-in-throttled');
  await blocked.close();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.getByRole('cell', { name: 'dana@fbi.gov' }).waitFor();
  await screenshot(page, 'users');

  await page.getByLabel('Search by name or e-mail').fill('scul');
  await page.getByText('Page 1 of 1 (1 users)').waitFor();
  t.equal(await page.locator('tbody tr').count(), 1, 'the search keeps the one match');
  await page.getByRole('link', { name: 'Dana Scully' }).click();
  await page.getByRole('heading', { name: 'Dana Scully' }).waitFor();
  await page.getByRole('tab', { name: 'Profile' }).waitFor();
  await screenshot(page, 'user-profile');

  // The tabs follow the WAI-ARIA pattern: arrow keys move between them.
  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('heading', { name: 'API Access Keys' }).waitFor();
  t.match(page.url(), /\/admin\/users\/user-[^/]+\/keys$/, 'the keys tab has its own address');
  t.equal(await page.getByRole('tab', { name: 'API Access Keys' }).getAttribute('aria-selected'), 'true');
  await page.getByText('No keys yet.').waitFor();

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API access key' });
  await dialog.getByLabel('Label').fill('CI server');
  await dialog.getByLabel('Allow Network').fill('127.0.0');
  await dialog.getByText('Enter a CIDR range').waitFor();
  t.equal(await dialog.getByLabel('Allow Network').getAttribute('aria-invalid'), 'true', 'checked as typed');
  t.ok(await dialog.getByRole('button', { name: 'Create key' }).isDisabled(), 'an invalid range cannot be sent');
  await dialog.getByLabel('Allow Network').fill('127.0.0.0/8');
  t.equal(await dialog.getByLabel('Allow Network').getAttribute('aria-invalid'), null);
  await screenshot(page, 'api-key-new');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const created = page.getByRole('dialog', { name: 'Your new API access key' });
  await created.getByText('It will not be shown again').waitFor();
  const key = await created.getByLabel('Key', { exact: true }).inputValue();
  t.match(key, /^[\w-]+\.[\w-]+\.[\w-]+$/, 'the key is shown');
  await created.getByRole('button', { name: 'Copy' }).click();
  await created.getByText('Copied to the clipboard.').waitFor();
  t.equal(await page.evaluate<string>('navigator.clipboard.readText()'), key, 'Copy puts the key on the clipboard');
  await screenshot(page, 'api-key-created');
  await created.getByRole('button', { name: 'Done' }).click();

  const me = await fetch(`${s.url}/api/v1/users/current`, { headers: { authorization: `Bearer ${key}` } });
  t.equal(me.status, 200, 'the key works with Authorization: Bearer');
  t.equal(((await me.json()) as { email: string }).email, 'dana@fbi.gov', 'as the user it was made for');

  const row = page.getByRole('row').filter({ hasText: 'CI server' });
  await row.getByText('active').waitFor();
  t.ok(await row.getByText('127.0.0.0/8').isVisible(), 'the network is listed');
  await screenshot(page, 'api-keys');

  page.once('dialog', (confirm) => void confirm.accept());
  await row.getByRole('button', { name: 'Revoke CI server' }).click();
  await row.getByText('revoked').waitFor();
  t.equal(await bearer(s, key), 401, 'the next call with the revoked key is refused');
  await screenshot(page, 'api-key-revoked');

  t.ok(stateChanging.length >= 3, 'sign-in, key creation and revocation were sent');
  t.ok(
    stateChanging.every((r) => r.header === 'cms-back-office'),
    'every state-changing call carries the header a cross-site form cannot set',
  );

  // Create and edit a user through the forms.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'New user' }).click();
  await page.getByLabel('First name').fill('Monica');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('another-long-pass-1');
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByText('"not-an-address" is not an e-mail address').waitFor();
  t.equal(await page.getByLabel('E-mail').getAttribute('aria-invalid'), 'true', 'the error is tied to its field');
  await screenshot(page, 'user-new-invalid');
  await page.getByLabel('E-mail').fill('monica@fbi.gov');
  await page.getByLabel('Field agents').check();
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByRole('heading', { name: 'Monica Reyes' }).waitFor();
  const monicaRoles = await s.http('GET', '/api/v1/roles/users/monica@fbi.gov', { headers: s.basicAuth() });
  t.ok(
    monicaRoles.json.entity.some((r: { id: string }) => r.id === fieldAgents.json.entity.id),
    'a child role granted through the form',
  );
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Last name').fill('Reyes-Doggett');
  await page.getByLabel(/^Active/).uncheck();
  await screenshot(page, 'user-edit');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('heading', { name: 'Monica Reyes-Doggett' }).waitFor();
  await page.getByText('Inactive').waitFor();

  // A phone-sized screen shows the same list, readable.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  watchForPageErrors(t, small, EXPECTED_CONSOLE);
  await small.goto(`${s.url}/admin/`);
  await signIn(small, ADMIN.email, ADMIN.password);
  await small.getByRole('cell', { name: 'monica@fbi.gov' }).waitFor();
  const overflow = await small.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  t.ok(overflow <= 0, `nothing wider than the phone's screen (${overflow}px over)`);
  await screenshot(small, 'users-phone');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const after = await page.evaluate(() => fetch('/api/v1/users/current').then((r) => r.status));
  t.equal(after, 401, 'signing out ends the session');
});

t.test('a user who is not an administrator sees only themselves and manages their own keys', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const adminDir = await buildBackOffice();
  // The test talks plain HTTP: the access_token cookie is issued over it only when allowed.
  const s = (await startTestApp(t, {
    socket: true,
    env: { CMS_ADMIN_DIR: adminDir, CMS_JSON_WEB_TOKEN_ALLOWHTTP: 'true' },
  }))!;
  const dana = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: { email: 'dana@fbi.gov', firstName: 'Dana', lastName: 'Scully', password: 'i-want-to-believe-1' },
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchForPageErrors(t, page, EXPECTED_CONSOLE);
  await page.goto(`${s.url}/admin/users`);
  // With the keyboard alone: the e-mail field has focus, Tab moves on, Space checks, Enter sends.
  await page.getByLabel('E-mail').waitFor();
  await page.keyboard.type('dana@fbi.gov');
  await page.keyboard.press('Tab');
  await page.keyboard.type('i-want-to-believe-1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Dana Scully' }).waitFor();
  t.match(page.url(), new RegExp(`/admin/users/${dana.json.entity.userId}$`), 'the user list leads to their own page');
  t.equal(await page.getByRole('link', { name: 'Users', exact: true }).count(), 0, 'no user list for them');
  t.equal(await page.getByRole('link', { name: 'Edit' }).count(), 0, 'nor editing');
  const cookies = await page.context().cookies();
  t.ok(
    cookies.some((c) => c.name === 'access_token' && c.httpOnly && c.sameSite === 'Lax'),
    'remember me sets the access_token cookie',
  );
  t.ok(
    cookies.every((c) => c.sameSite === 'Lax' || c.sameSite === 'Strict'),
    'every cookie is SameSite',
  );

  await page.getByRole('tab', { name: 'API Access Keys' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  // The dialog hands focus back as it is cleaned up, which may come just after it left the page.
  await page.waitForFunction('document.activeElement !== null && document.activeElement !== document.body');
  t.equal(
    await page.evaluate<string | undefined>('document.activeElement?.textContent'),
    'Create key',
    'Escape closes the dialog and focus goes back to what opened it',
  );
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByLabel('Label').fill('laptop');
  await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
  const key = await page.getByLabel('Key', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('row').filter({ hasText: 'laptop' }).getByText('active').waitFor();
  t.equal(await bearer(s, key), 200, 'their own key works');
  await screenshot(page, 'own-keys');

  await page.goto(`${s.url}/admin/users/user-someone-else/keys`);
  await page.getByRole('heading', { name: 'Not found' }).waitFor();
});
