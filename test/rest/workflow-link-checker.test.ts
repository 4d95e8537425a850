import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import { startTestApp, testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const LINK_CHECKER = 'com.cms.portlets.workflows.actionlet.CheckURLAccessibilityActionlet';

/** A peer on 127.0.0.1: `/ok` answers 200 (but refuses HEAD, as some servers do), `/moved` redirects there, the rest 404. */
async function peer(t: Test): Promise<{ base: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/moved') return void res.writeHead(301, { location: '/ok' }).end();
    if (req.url === '/ok') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function setUp(s: TestApp) {
  const admin = s.basicAuth();
  await textContentType(s, 'Page', ['title', 'body']);
  const added = await s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
    headers: admin,
    body: { actionletClass: LINK_CHECKER, parameters: { fieldList: 'body' } },
  });
  if (added.status !== 200) throw new Error(`adding Link Checker: ${added.text}`);
  return (values: Record<string, string>) =>
    s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Page', ...values } },
    });
}

testOnSqlite(
  'Link Checker passes reachable links and fails the fire before the save on a broken one, listing it',
  async (t, s) => {
    const { base, seen } = await peer(t);
    const fire = await setUp(s);
    const good = await fire({ title: 'Links', body: `<p><a href="${base}/ok">ok</a> and ${base}/moved.</p>` });
    t.equal(good.status, 200);
    t.strictSame(
      [...seen].sort(),
      ['GET /moved', 'GET /ok', 'GET /ok', 'HEAD /moved', 'HEAD /ok', 'HEAD /ok'],
      'HEAD first, GET when HEAD is refused, the redirect followed (the checks run concurrently)',
    );

    const identifier = good.json.entity.identifier;
    const bad = await fire({
      identifier,
      title: 'Changed',
      body: `<a href='${base}/gone'>gone</a> ${base}/ok <img src="${base}/missing.png">`,
    });
    t.equal(bad.status, 400);
    t.equal(bad.json.errors[0].errorCode, 'WORKFLOW_LINKS_BROKEN');
    t.equal(bad.json.message, `Broken links: ${base}/gone (HTTP 404), ${base}/missing.png (HTTP 404)`);
    const kept = await s.http('GET', `/api/v1/content/${identifier}`, { headers: s.basicAuth() });
    t.equal(kept.json.entity.map.title, 'Links', 'nothing was saved');
  },
  { env: { CMS_LINK_CHECKER_ALLOW_PRIVATE: 'true' } },
);

t.test('Link Checker refuses private-network links by default, without calling them', async (t) => {
  const s = (await startTestApp(t))!;
  const { base, seen } = await peer(t);
  const fire = await setUp(s);
  const refused = await fire({ title: 'Probe', body: `${base}/ok http://localhost:${new URL(base).port}/ok` });
  t.equal(refused.status, 400);
  t.match(
    refused.json.message,
    /^Broken links: http:\/\/127\.0\.0\.1:\d+\/ok \(127\.0\.0\.1 resolves to a private network address/,
  );
  t.match(refused.json.message, /http:\/\/localhost:\d+\/ok \(localhost resolves to a private network address/);
  t.strictSame(seen, [], 'the peer was never called');
});
