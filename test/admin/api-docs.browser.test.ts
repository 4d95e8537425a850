import t from 'tap';
import { launchChromium, screenshot, watchForPageErrors } from '../helpers/browser.js';
import { startTestApp } from '../helpers/test-app.js';
import { WAIT_LIMIT_MS } from '../helpers/wait-async.js';

// The browsable OpenAPI page runs Swagger UI under its own strict policy (no inline script or
// style): in a real browser it must draw the operations without the policy refusing anything.
t.test('/api/docs draws the interface in a browser, under its Content-Security-Policy', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const s = (await startTestApp(t, { socket: true }))!;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A refused script, style or connection is logged as a console error, which fails the test.
  watchForPageErrors(t, page);
  // A deep link (the page sets deepLinking): Swagger UI opens the navigation's operation and
  // scrolls to it. Scrolling there by wheel, as before, took up to a minute under load.
  await page.goto(`${s.url}/api/docs#/navigation/getApiV1Nav`);
  // Swagger UI breaks long paths with invisible characters: the path is matched on its attribute.
  const operation = page.locator('.opblock-summary-path[data-path="/api/v1/nav"]').first();
  await operation.waitFor({ timeout: WAIT_LIMIT_MS });
  t.ok((await page.locator('.opblock-tag').allTextContents()).includes('navigation'), 'its section is drawn');
  const body = page.locator('.opblock-body').first();
  await body.waitFor({ timeout: WAIT_LIMIT_MS });
  t.match(await body.textContent(), /depth/, 'the linked operation opens on its parameters');
  await screenshot(page, 'api-docs');
});
