import t from 'tap';
import { BroadcastChannel } from 'node:worker_threads';
import { LegacyBodyReader } from '../../../host/legacy-content/legacy-body-reader.js';
import type { LegacyRead } from '../../../host/legacy-content/legacy-body.js';

const HELD_WORKER = new URL('../../helpers/held-legacy-body-worker.mjs', import.meta.url);

t.test('a large body is read on a worker thread, and the answering thread goes on meanwhile', async (t) => {
  const channel = new BroadcastChannel('held-legacy-body');
  t.teardown(() => channel.close());
  let started: () => void = () => undefined;
  channel.onmessage = (event) => {
    if ((event as MessageEvent).data === 'started') started();
  };
  const reader = new LegacyBodyReader({ limits: { maxValues: 1000, workerBytes: 1024 }, worker: HELD_WORKER });
  t.teardown(() => reader.close());
  /** Starts a read, and answers once the worker holds it; `outcome` settles when the test releases it. */
  const held = async (body: string) => {
    const holding = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    const outcome = reader.read('xml', Buffer.from(body)).finally(() => (finished = true));
    outcome.catch(() => undefined);
    await holding;
    return { outcome, finished: () => finished };
  };

  const large = await held(`<content><title>${'x'.repeat(100_000)}</title></content>`);
  // The read is held on the worker: here, other bodies are read meanwhile.
  t.same((await reader.read('urlencoded', 'a=1&b=2')).form, { a: '1', b: '2' }, 'a small body, read here');
  t.same((await reader.read('json', Buffer.from('{"c":"3"}'))).form, { c: '3' });
  t.notOk(large.finished(), 'the large one is still being read');
  channel.postMessage('release');
  const read: LegacyRead = await large.outcome;
  t.equal((read.form.title as string).length, 100_000, 'then it is read');

  // A refusal made on the worker comes back as the catalogue error it is answered with.
  const refused = await held(`<content>${'<a>'.repeat(2000)}</content>`);
  channel.postMessage('release');
  await t.rejects(refused.outcome, { code: 'LEGACY_XML_UNREADABLE', message: /nest deeper/ });
});

t.test('bodies up to the threshold are read where they arrive', async (t) => {
  // A worker module that does not exist: a read sent to a worker would fail the test.
  const reader = new LegacyBodyReader({
    limits: { maxValues: 10, workerBytes: 64 },
    worker: new URL('file:///nowhere/worker.mjs'),
  });
  t.teardown(() => reader.close());
  t.same((await reader.read('urlencoded', 'a=1')).form, { a: '1' });
  await t.rejects(reader.read('urlencoded', 'a=1&'.repeat(11)), { code: 'LEGACY_BODY_TOO_MANY_VALUES' });
});
