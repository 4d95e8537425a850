import t from 'tap';
import { acceptsBrotli, acceptsGzip } from '../../../host/http/content-coding.js';

t.test('Accept-Encoding: gzip is taken when listed or covered by *, with a quality above zero', async (t) => {
  for (const header of [
    'gzip',
    'GZIP',
    'deflate, gzip',
    'gzip, deflate, br',
    'x-gzip',
    'gzip;q=0.5',
    '*',
    'br, *;q=0.1',
  ])
    t.ok(acceptsGzip(header), header);
  for (const header of [undefined, '', 'identity', 'br', 'gzip;q=0', 'gzip; q=0.0', '*;q=0', 'gzip;q=0, *', 'deflate'])
    t.notOk(acceptsGzip(header), String(header));
});

t.test('Accept-Encoding: br the same way, and x-gzip is no alias of it', async (t) => {
  for (const header of ['br', 'gzip, deflate, br, zstd', 'BR;q=0.2', '*', 'gzip, *;q=0.1'])
    t.ok(acceptsBrotli(header), header);
  for (const header of [undefined, '', 'gzip', 'x-gzip', 'br;q=0', 'br;q=0, *', '*;q=0'])
    t.notOk(acceptsBrotli(header), String(header));
});
