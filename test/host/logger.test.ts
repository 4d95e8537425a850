import t from 'tap';
import { JsonLogger } from '../../host/logger.js';

t.test('the access-log line is the record info() would write, built without the generic walk', async (t) => {
  const lines: string[] = [];
  const sink = { write: (line: string) => void lines.push(line) };
  const root = new JsonLogger(sink, 'info');
  const bound = root.child({ app: 'cms', secretToken: 'hidden' }) as JsonLogger;
  const entry = { reqId: 'r-1', method: 'GET', path: '/api/v1/x "quoted"\n', status: 200, ms: 1.25 };
  for (const logger of [root, bound]) {
    logger.request(entry);
    logger.info(entry, 'request');
  }
  const [fast, generic, fastBound, genericBound] = lines.map((l) => {
    const { time, ...rest } = JSON.parse(l) as Record<string, unknown>;
    t.type(time, 'number');
    return rest;
  });
  t.same(fast, generic);
  t.same(fastBound, genericBound, 'bindings included, and redacted the same way');
  t.notMatch(lines.join(''), /hidden/);
  t.ok(
    lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n')),
    'one line each',
  );

  const quiet = new JsonLogger(sink, 'warn');
  quiet.request(entry);
  t.equal(lines.length, 4, 'below the level, nothing is written');
});
