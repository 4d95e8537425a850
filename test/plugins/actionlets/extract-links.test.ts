import t from 'tap';
import { extractLinks } from '../../../plugins/actionlets/extract-links.js';

t.test('links in HTML attributes, whatever the quoting, entities decoded', async (t) => {
  t.strictSame(
    extractLinks(
      `<a href="https://a.example/x?p=1&amp;q=2">a</a><img src='http://b.example/i.png'><a href=https://c.example/>c</a>`,
    ),
    ['https://a.example/x?p=1&q=2', 'http://b.example/i.png', 'https://c.example/'],
  );
});

t.test('bare URLs in text, without the punctuation that ends the sentence', async (t) => {
  t.strictSame(extractLinks('See https://a.example/page. Or (http://b.example/x), then https://a.example/page!'), [
    'https://a.example/page',
    'http://b.example/x',
  ]);
});

t.test('each link once; relative links, anchors and other schemes are skipped', async (t) => {
  t.strictSame(
    extractLinks(
      '<a href="/relative">r</a><a href="#top">t</a><a href="mailto:x@example.com">m</a><a href="javascript:alert(1)">j</a> ' +
        '<a href="https://a.example/">a</a> https://a.example/',
    ),
    ['https://a.example/'],
  );
  t.strictSame(extractLinks('no links here'), []);
});
