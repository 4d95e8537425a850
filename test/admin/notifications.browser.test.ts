import t from 'tap';
import WebSocket from 'ws';
import type { Page } from 'playwright-core';
import { buildBackOffice, launchChromium, screenshot, skipLoudly, watchForPageErrors } from '../helpers/browser.js';
import { ADMIN, startTestApp, type TestApp } from '../helpers/test-app.js';
import { WAIT_LIMIT_MS } from '../helpers/wait-async.js';

const EVENTS_PATH = '/api/ws/v1/system/events';

/**
 * Whether the service answers the system-events websocket: the status of the upgrade's answer,
 * or 101 when it was taken.
 */
async function upgradeStatus(s: TestApp, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${s.url.replace(/^http/, 'ws')}${EVENTS_PATH}`, {
      headers: { cookie, origin: s.url },
    });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', reject);
  });
}

/**
 * Follows the page's websockets from inside the page: each attempt stamped on the page's own clock
 * (whose timers never fire early, so gaps between attempts are at least the back-off's delays,
 * however busy the machine), and how many opened.
 */
async function followSockets(page: Page): Promise<{ attempts(): Promise<number[]>; opened(): Promise<void> }> {
  // Runs in the page (the test's own types know no DOM): the page's WebSocket, wrapped.
  await page.addInitScript(() => {
    type Socket = { addEventListener(type: string, listener: () => void): void };
    type SocketClass = new (url: string, protocols?: string | string[]) => Socket;
    const page = globalThis as unknown as { WebSocket: SocketClass; sockets: { attempts: number[]; opened: number } };
    const Native = page.WebSocket;
    const seen = { attempts: [] as number[], opened: 0 };
    page.sockets = seen;
    page.WebSocket = class extends Native {
      constructor(url: string, protocols?: string | string[]) {
        seen.attempts.push(performance.now());
        super(url, protocols);
        this.addEventListener('open', () => seen.opened++);
      }
    };
  });
  return {
    attempts: () => page.evaluate(() => (globalThis as unknown as Seen).sockets.attempts),
    opened: async () => {
      await page.waitForFunction(() => (globalThis as unknown as Seen).sockets.opened > 0, undefined, {
        timeout: WAIT_LIMIT_MS,
      });
    },
  };
}

/** What `followSockets` keeps in the page. */
type Seen = { sockets: { attempts: number[]; opened: number } };

t.test('content published in another tab shows up as a notification', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const adminDir = await buildBackOffice();
  const s = (await startTestApp(t, { socket: true, env: { CMS_ADMIN_DIR: adminDir } }))!;
  const signedIn = await s.http('POST', '/api/v1/authentication', {
    body: { user: ADMIN.email, password: ADMIN.password },
  });
  const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
  const status = await upgradeStatus(s, cookie);
  if (status === 404) {
    skipLoudly(
      t,
      `NOTIFICATION TEST SKIPPED: the service answers the websocket upgrade at ${EVENTS_PATH} with 404 (no system-events socket in this build yet)`,
    );
    return;
  }
  t.equal(status, 101, 'the signed-in browser’s cookie opens the socket');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const watching = await context.newPage();
  const sockets = await followSockets(watching);
  watchForPageErrors(t, watching, [/status of 401/]);
  await watching.goto(`${s.url}/admin/`);
  await watching.getByLabel('E-mail').fill(ADMIN.email);
  await watching.getByLabel('Password').fill(ADMIN.password);
  const socket = watching.waitForEvent('websocket', (ws) => ws.url().endsWith(EVENTS_PATH));
  await watching.getByRole('button', { name: 'Sign in' }).click();
  await watching.getByRole('heading', { name: 'Users' }).waitFor();
  await socket;
  // Published only once the page's socket is open: an event raised before would not reach it.
  await sockets.opened();

  const publishing = await context.newPage();
  await publishing.goto(`${s.url}/admin/users`);
  const fired = await publishing.evaluate(async () => {
    const answer = await fetch('/api/v1/workflow/actions/default/fire/PUBLISH', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'cms-back-office' },
      body: JSON.stringify({
        contentletFormData: {
          contentType: 'FileAsset',
          hostFolder: 'default:/',
          title: 'Launch notes',
          fileAsset: `data:text/plain;name=launch-notes.txt;base64,${btoa('the notes')}`,
        },
      }),
    });
    return { status: answer.status, body: (await answer.json()) as { entity: { title?: string; identifier: string } } };
  });
  t.equal(fired.status, 200, 'published from the other tab');
  const title: string = fired.body.entity.title ?? fired.body.entity.identifier;

  // The publish fire saves, then publishes: a toast for each, the publication's last.
  const toasts = watching.getByTestId('toast').filter({ hasText: title });
  const toast = toasts.filter({ hasText: 'Published' });
  await toast.waitFor({ timeout: WAIT_LIMIT_MS });
  t.match(await toast.textContent(), /Published/, 'the toast says what happened, and to which item');
  t.equal(await toasts.count(), 2, 'and the save before it has its own');
  t.equal(
    await watching.locator('.toasts').getAttribute('aria-live'),
    'polite',
    'screen readers announce it without moving focus',
  );
  await screenshot(watching, 'notification');
  await toast.getByRole('button', { name: /Dismiss/ }).click();
  await toast.waitFor({ state: 'detached' });
});

t.test('the back office works while the service has no system-events socket', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const adminDir = await buildBackOffice();
  const s = (await startTestApp(t, { socket: true, env: { CMS_ADMIN_DIR: adminDir } }))!;
  const page = await browser.newPage();
  const { attempts } = await followSockets(page);
  await page.goto(`${s.url}/admin/`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.waitForFunction(() => (globalThis as unknown as Seen).sockets.attempts.length > 0);
  t.ok((await attempts()).length >= 1, 'the page tries the socket');
  await page.getByRole('cell', { name: ADMIN.email }).waitFor();
  const stamps = await attempts();
  const gaps = stamps.slice(1).map((at, i) => at - stamps[i]!);
  // Every retry waits at least three quarters of a second (the first delay, less its jitter): never at once.
  t.ok(
    gaps.every((gap) => gap >= 750),
    `and backs off between attempts (${stamps.length} attempts, gaps ${gaps.map(Math.round).join(', ')} ms)`,
  );
  t.equal(await page.getByTestId('toast').count(), 0, 'no notification, and nothing broken');
});

t.test('frames of the socket become toasts, and a closed socket is opened again', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const adminDir = await buildBackOffice();
  const s = (await startTestApp(t, { socket: true, env: { CMS_ADMIN_DIR: adminDir } }))!;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchForPageErrors(t, page, [/status of 401/]);
  // A stand-in for the service's socket, speaking its wire format: the page's side is tested
  // whether or not this build of the service has the socket.
  let connections = 0;
  let firstSocket: { close(): Promise<void> } | undefined;
  await page.routeWebSocket(new RegExp(`${EVENTS_PATH}$`), (socket) => {
    connections++;
    if (connections === 1) {
      socket.send('not json');
      socket.send(
        JSON.stringify({
          event: 'PUBLISH_CONTENTLET',
          creationDate: Date.now(),
          payload: { type: 'contentlet', data: { title: 'Spring launch', identifier: 'abc', contentType: 'Blog' } },
        }),
      );
      // Closed once its frames have shown (below), so that they are read before the close.
      firstSocket = socket;
    } else {
      socket.send(
        JSON.stringify({
          event: 'DELETE_CONTENTLET',
          creationDate: Date.now(),
          payload: { type: 'contentlet', data: { identifier: 'id-only-42' } },
        }),
      );
    }
  });
  await page.goto(`${s.url}/admin/`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const first = page.getByTestId('toast').filter({ hasText: 'Spring launch' });
  await first.waitFor();
  t.match(await first.textContent(), /^Published\s*Spring launch/, 'what happened, and the item’s title');
  await firstSocket!.close();
  const again = page.getByTestId('toast').filter({ hasText: 'id-only-42' });
  await again.waitFor({ timeout: WAIT_LIMIT_MS });
  t.match(await again.textContent(), /Deleted/, 'after the close the page connected again and kept listening');
  t.equal(connections, 2);
  await screenshot(page, 'notifications');
});
