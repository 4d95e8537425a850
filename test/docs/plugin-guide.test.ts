import t, { type Test } from 'tap';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Config } from '../../core/config/config.js';
import { silentLogger } from '../../core/logger.js';
import { loadPlugins } from '../../host/plugins/load-plugins.js';
import { assetStorageSuite } from '../plugins/assets/asset-storage-suite.js';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const guide = readFileSync(root('docs/plugins.md'), 'utf8');

/** The guide's JavaScript examples that open with `// <file>.mjs`, by file name. */
const files = new Map(
  [...guide.matchAll(/```js\n(\/\/ (?:\.\/plugins\/)?([\w-]+\.mjs)[\s\S]*?)```/g)].map((m) => [m[2]!, m[1]!]),
);

/** Writes the guide's example to a directory of its own and loads it as `plugins=` would, with the built-ins. */
async function loadExample(t: Test, file: string, properties: Record<string, string> = {}) {
  const source = files.get(file);
  if (!source) throw new Error(`docs/plugins.md has no example ${file}`);
  const dir = mkdtempSync(join(tmpdir(), 'cms-guide-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, file), source);
  const config = new Config(new Map(Object.entries({ plugins: `./${file}`, ...properties })), {});
  const registry = await loadPlugins(config, dir, dir, silentLogger);
  // Closes the outbound clients the plugins were given, with their connections.
  t.teardown(() => registry.close());
  return { config, dir, registry };
}

t.test('the example packages appear in the guide as they are', async (t) => {
  for (const example of ['notify-url-actionlet', 'slug-field-type', 'api-key-auth']) {
    const source = readFileSync(root(`examples/${example}/index.js`), 'utf8');
    t.ok(guide.includes(`\`\`\`js\n${source}\`\`\``), `examples/${example}/index.js is quoted whole`);
  }
  const contract = readFileSync(root('examples/timed-storage/contract.js'), 'utf8');
  t.ok(guide.includes(`\`\`\`js\n${contract}\`\`\``), 'examples/timed-storage/contract.js is quoted whole');
});

t.test("the guide's first plugin loads", async (t) => {
  const { registry } = await loadExample(t, 'hello.mjs', { 'hello.times': '2' });
  t.ok(registry.plugins().includes('hello'));
});

t.test("the guide's mail transport sends through its API", async (t) => {
  const received: Array<{ authorization?: string; body: any }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/send`;
  const { registry, config, dir } = await loadExample(t, 'acme-mail-api.mjs', {
    'acme.mail.url': url,
    'acme.mail.token': 't0ken',
  });
  const sender = await registry.mailTransports.get('acme-api')!.create({ config, dataDir: dir, logger: silentLogger });
  const message = { from: 'cms@example.com', to: ['a@example.com'], subject: 'Hi', text: 'Hello' };
  await sender.send(message);
  t.same(received, [{ authorization: 'Bearer t0ken', body: message }]);
});

t.test("the guide's asset store passes the asset store suite", async (t) => {
  const { registry, config, dir } = await loadExample(t, 'memory-assets.mjs');
  const driver = registry.assetStorages.get('memory')!;
  assetStorageSuite(t, async () => driver.open({ config, dataDir: dir, logger: silentLogger }));
});

t.test("the guide's job handler posts with the job's idempotency key, and fails on a refusal", async (t) => {
  const received: Array<{ path?: string; key?: string | string[]; body: any }> = [];
  let status = 200;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url, key: request.headers['idempotency-key'], body: JSON.parse(body) });
      if (request.url === '/moved') response.writeHead(307, { location: '/hook' });
      else response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const url = `${origin}/hook`;
  const context = {
    jobId: 'j1',
    idempotencyKey: 'k1',
    attempt: 1,
    logger: silentLogger,
    signal: new AbortController().signal,
  };

  // The URL comes from an association: a private address is refused unless a property allows it.
  const guarded = (await loadExample(t, 'acme-webhook.mjs')).registry.jobHandlers.get('acme.webhook')!;
  await t.rejects(guarded.run({ url, body: {} }, context), { code: 'OUTBOUND_ADDRESS_REFUSED' });
  t.same(received, [], 'nothing reached the loopback receiver');

  const { registry } = await loadExample(t, 'acme-webhook.mjs', { 'acme.webhook.allow.private': 'true' });
  const handler = registry.jobHandlers.get('acme.webhook')!;
  t.ok(registry.actionlets.get('com.acme.WebhookActionlet'), 'with the actionlet that writes its jobs');
  await handler.run({ url, body: { title: 'Hi' } }, context);
  t.same(received, [{ path: '/hook', key: 'k1', body: { title: 'Hi' } }]);
  await t.rejects(handler.run({ url: `${origin}/moved`, body: {} }, context), /answered 307/);
  t.equal(received.length, 2, 'a redirect is not followed');
  status = 503;
  await t.rejects(handler.run({ url, body: {} }, context), /answered 503/);
});
