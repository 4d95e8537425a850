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
  await page.goto(`${s.url}/api/docs`);
  // Swagger UI breaks long paths with invisible characters: the path is matched on its attribute.
  const operation = page.locator('.opblock-summary-path[data-path="/api/v1/nav"]').first();
  // Swagger UI draws the sections as they scroll into view: scroll down to the navigation.
  await page.locator('.opblock-tag').first().waitFor({ timeout: WAIT_LIMIT_MS });
  const tags = new Set<string>();
  // Scrolled until it is drawn, however long drawing takes; a hang fails at the wait bound.
  for (const deadline = Date.now() + WAIT_LIMIT_MS; (await operation.count()) === 0;) {
    if (Date.now() > deadline) throw new Error('the navigation section was never drawn');
    for (const tag of await page.locator('.opblock-tag').allTextContents()) tags.add(tag);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(50);
  }
  await operation.scrollIntoViewIfNeeded();
  t.ok(tags.size > 5, `the sections are drawn as they are reached (${[...tags].join(', ')})`);
  await operation.click();
  await page.locator('.opblock-body').first().waitFor();
  t.match(await page.locator('.opblock-body').first().textContent(), /depth/, 'an operation opens on its parameters');
  await screenshot(page, 'api-docs');
});
