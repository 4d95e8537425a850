import t from 'tap';
import { acceptsGzip } from '../../../host/http/content-coding.js';

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
