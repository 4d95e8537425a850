import t from 'tap';
import { click, context, conversion, customEvent, impression, pageview, batch } from '../helpers/analytics-batches.js';
import { buildBackOffice, launchChromium, screenshot, watchForPageErrors } from '../helpers/browser.js';
import { ADMIN, startTestApp, type TestApp } from '../helpers/test-app.js';

const EXPECTED_CONSOLE = [/status of 401/, /WebSocket connection to .* failed/];

async function siteWithKey(s: TestApp, siteName: string): Promise<{ id: string; key: string }> {
  const admin = s.basicAuth();
  const id = (await s.http('POST', '/api/v1/site', { headers: admin, body: { siteName } })).json.entity.identifier;
  const key = (await s.http('GET', `/api/v1/analytics/content/siteauth/generate/${id}`, { headers: admin })).text;
  return { id, key };
}

t.test('the dashboard draws the charts of ingested events, and says when there are none', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const adminDir = await buildBackOffice();
  const s = (await startTestApp(t, { socket: true, env: { CMS_ADMIN_DIR: adminDir } }))!;
  // Created first, so the dashboard opens on it (sites are listed by name): the empty state first.
  await siteWithKey(s, 'a-quiet.example.com');
  const shop = await siteWithKey(s, 'shop.example.com');
  const sent = [
    [pageview({ url: 'https://shop.example.com/' }), pageview({ url: 'https://shop.example.com/shoes' })],
    [pageview({ url: 'https://shop.example.com/' }), impression(), click(), conversion('checkout')],
    [customEvent('video_play'), conversion('newsletter-signup'), conversion('checkout')],
  ];
  for (const [i, events] of sent.entries()) {
    const answer = await s.http('POST', '/api/v1/analytics/content/event', {
      headers: { 'content-type': 'application/json' },
      raw: batch(events, context({ site_auth: shop.key, session_id: `session-${i}`, user_id: `visitor-${i % 2}` })),
    });
    t.equal(answer.status, 200, answer.text);
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchForPageErrors(t, page, EXPECTED_CONSOLE);
  await page.goto(`${s.url}/admin/analytics`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Analytics' }).waitFor();
  t.equal(await page.getByLabel('Site').inputValue(), await siteIdOf(s, 'a-quiet.example.com'));
  await page.getByText('No events were received for this site in this time range.').waitFor();
  await screenshot(page, 'dashboard-empty');

  await page.getByLabel('Site').selectOption({ label: 'shop.example.com' });
  await page.getByLabel('Time range').selectOption({ label: 'Last 30 days' });
  for (const chart of ['pageviews', 'types', 'conversions'])
    await page.locator(`[data-chart="${chart}"] canvas`).waitFor();
  t.equal(await page.locator('.kpis dd').first().textContent(), '9', 'every event counted');
  t.equal(await page.locator('.kpis dd').nth(1).textContent(), '3', 'pageviews');
  const top = page.getByRole('region', { name: 'Top pages' });
  t.match(await top.locator('li').first().textContent(), /https:\/\/shop\.example\.com\/\s*2/, 'the top page first');
  const conversions = page.locator('[data-chart="conversions"]');
  await conversions.getByText('Figures').click();
  t.equal(
    await conversions
      .getByRole('row', { name: /checkout/ })
      .getByRole('cell')
      .textContent(),
    '2',
    'the figures behind a chart are there as a table',
  );
  const width = Number(await page.locator('[data-chart="pageviews"] canvas').getAttribute('width'));
  t.ok(width > 600, `the line chart spans the page (${width}px)`);
  await screenshot(page, 'dashboard');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${s.url}/admin/analytics`);
  await phone.getByLabel('Site').selectOption({ label: 'shop.example.com' });
  await phone.locator('[data-chart="types"] canvas').waitFor();
  const overflow = await phone.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  t.ok(overflow <= 0, `the charts fit a phone's screen (${overflow}px over)`);
  await screenshot(phone, 'dashboard-phone');
});

async function siteIdOf(s: TestApp, name: string): Promise<string> {
  return (await s.http('GET', `/api/v1/site/${name}`, { headers: s.basicAuth() })).json.entity.identifier;
}
