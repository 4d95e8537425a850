import t from 'tap';
import { CmsError } from '../../../core/errors/index.js';
import { parseLegacyReadPath } from '../../../host/legacy-content/legacy-read-path.js';
import { contentletsXml } from '../../../host/legacy-content/contentlets-xml.js';

t.test('options are pairs of segments, names in any case, values decoded after the split', async (t) => {
  const read = parseLegacyReadPath(
    '/render/false/query/+contentType:Blog%20+path:%2Fnews%2F*/OrderBy/title%20desc/limit/5/offset/10/depth/2/live/false/language/2/type/XML',
  );
  t.match(read, {
    query: '+contentType:Blog +path:/news/*',
    orderBy: 'title desc',
    limit: 5,
    offset: 10,
    depth: 2,
    live: false,
    languageId: 2,
    type: 'xml',
  });
  t.match(parseLegacyReadPath('/id/abc'), { id: 'abc', limit: 10, offset: 0, orderBy: 'modDate desc', type: 'json' });
  t.equal(parseLegacyReadPath('/id/abc').live, undefined, 'live not said');
  t.equal(parseLegacyReadPath('/query/+stName:Blog').query, '+contentType:Blog', 'stName is contentType');
  t.match(parseLegacyReadPath('/related/Book.authors:x/limit/3'), { related: 'Book.authors:x', limit: 3 });
});

t.test('numbers that are not numbers fall back to the defaults; limit 0 is the whole window', async (t) => {
  t.match(parseLegacyReadPath('/query/x/limit/ten/offset/-1/language/es'), {
    limit: 10,
    offset: 0,
    languageId: undefined,
  });
  t.equal(parseLegacyReadPath('/query/x/limit/0').limit, 10_000);
  t.equal(parseLegacyReadPath('/query/x/limit/0/offset/100').limit, 9_900, 'what fits in the window after the offset');
  t.equal(parseLegacyReadPath('/query/x/limit/999999').limit, 10_000);
  t.equal(parseLegacyReadPath('/query/x/depth/-1').depth, undefined, '-1: no related content, as absent');
  for (const depth of ['4', 'two', '1.5'])
    t.throws(() => parseLegacyReadPath(`/query/x/depth/${depth}`), CmsError, `depth ${depth} is refused`);
  t.equal(parseLegacyReadPath('/query/%E0%A4%A').query, '%E0%A4%A', 'a malformed escape is kept as sent');
});

t.test('the XML answer escapes values and leaves out what XML cannot hold', async (t) => {
  const xml = contentletsXml([
    { title: 'a < b & "c"', tags: ['x', 'y'], 'bad name': 'skipped', empty: null, ctl: 'a\u0001b' },
  ]);
  t.equal(
    xml,
    '<?xml version="1.0" encoding="UTF-8"?><contentlets><content><title>a &lt; b &amp; &quot;c&quot;</title>' +
      '<tags>[&quot;x&quot;,&quot;y&quot;]</tags><ctl>ab</ctl></content></contentlets>',
  );
});
