import t from 'tap';
import { isAllowedLinkAddress, linkAddress } from '../../../core/model/menu-link.js';

t.test('the address of a link: the protocol only where the URL has no scheme of its own', async (t) => {
  t.equal(linkAddress({ protocol: 'https://', url: 'example.com/a' }), 'https://example.com/a');
  t.equal(linkAddress({ protocol: 'http://', url: 'https://example.com' }), 'https://example.com');
  t.equal(linkAddress({ protocol: 'http://', url: 'MAILTO:a@b.example' }), 'MAILTO:a@b.example');
  t.equal(linkAddress({ protocol: 'http://', url: '/about-us/' }), '/about-us/', 'a path on the site');
  t.equal(linkAddress({ protocol: '', url: 'example.com' }), 'example.com');
});

t.test('addresses a link may send to: web, mail and ftp addresses and paths on the site', async (t) => {
  for (const ok of ['https://a.example', 'http://a.example', 'mailto:a@b.example', 'ftp://f.example', '/a', ' /a'])
    t.ok(isAllowedLinkAddress(ok), ok);
  for (const refused of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'example.com', 'vbscript:x', ''])
    t.notOk(isAllowedLinkAddress(refused), refused);
});
