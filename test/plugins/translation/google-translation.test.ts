import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import { hostOutboundClients } from '../../../host/outbound/outbound-clients.js';
import googlePlugin from '../../../plugins/translation/google/index.js';
import { googleTranslation } from '../../../plugins/translation/google/google-translation.js';

/** Answers by path: `/ok` translates, `/short` drops a text, `/refuse` answers 403 echoing the key. */
async function fakeGoogle(t: Test) {
  const seen: Array<{ key: string | null; body: any }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const sent = JSON.parse(body);
      seen.push({ key: url.searchParams.get('key'), body: sent });
      if (url.pathname.startsWith('/refuse'))
        return void res
          .writeHead(403)
          .end(JSON.stringify({ error: { message: `API key ${url.searchParams.get('key')} not valid` } }));
      const texts: string[] = url.pathname.startsWith('/short') ? sent.q.slice(1) : sent.q;
      res.end(JSON.stringify({ data: { translations: texts.map((q) => ({ translatedText: `<${q}>` })) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

t.test('the Google-shaped provider: request shape, key fallback, errors without the key', async (t) => {
  const google = await fakeGoogle(t);
  const clients = hostOutboundClients(new Config());
  t.teardown(() => clients.close());
  const http = clients.client({ allowPrivate: true });
  const provider = (path: string, apiKey = '') =>
    googleTranslation({ http, baseUrl: `${google.base}${path}/`, apiKey });
  const request = { texts: ['one', 'two'], from: 'en', to: 'es', format: 'text' as const };

  t.strictSame(await provider('/ok').translate({ ...request, apiKey: 'k1' }), ['<one>', '<two>']);
  t.strictSame(google.seen[0], {
    key: 'k1',
    body: { q: ['one', 'two'], source: 'en', target: 'es', format: 'text' },
  });
  await provider('/ok', 'fallback').translate(request);
  t.equal(google.seen[1]!.key, 'fallback', "the property's key when the request has none");
  await provider('/ok', 'fallback').translate({ ...request, apiKey: 'k2' });
  t.equal(google.seen[2]!.key, 'k2', "the association's key first");

  await t.rejects(provider('/ok').translate(request), { code: 'TRANSLATION_API_KEY_MISSING' }, 'no key at all');
  t.equal(google.seen.length, 3, 'and nothing sent');
  const refused = await provider('/refuse')
    .translate({ ...request, apiKey: 'secret-k' })
    .catch((e: Error) => e);
  t.match(refused, { message: /answered 403/ });
  t.notOk((refused as Error).message.includes('secret-k'), 'the key echoed by the service is masked');
  await t.rejects(provider('/short').translate({ ...request, apiKey: 'k' }), /one translation per text/);
});

t.test('the plugin: private base URLs only when allowed', async (t) => {
  const google = await fakeGoogle(t);
  for (const allow of [false, true]) {
    const config = new Config(
      new Map([
        ['translation.google.base.url', `${google.base}/ok`],
        ['translation.google.api.key', 'k'],
        ['translation.google.allow.private', String(allow)],
      ]),
      {},
    );
    const outbound = hostOutboundClients(config);
    t.teardown(() => outbound.close());
    const { translationProviders = [] } = await googlePlugin.setup({
      config,
      logger: silentLogger,
      dataDir: '/nonexistent',
      outbound,
    });
    t.equal(translationProviders[0]?.name, 'google');
    const answer = translationProviders[0]!.translate({ texts: ['a'], from: 'en', to: 'de', format: 'html' });
    if (allow) t.strictSame(await answer, ['<a>'], 'allowed: called');
    else await t.rejects(answer, { code: 'OUTBOUND_ADDRESS_REFUSED' }, 'not allowed: refused');
  }
});
