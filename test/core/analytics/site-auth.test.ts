import t from 'tap';
import {
  generateSiteAuth,
  hashSiteAuth,
  isMaskOnly,
  maskSiteAuth,
  sameHash,
  siteAuthProblem,
} from '../../../core/analytics/site-auth.js';
import type { Site } from '../../../core/model/site.js';

const site = (siteName: string, system = false): Site => ({
  identifier: system ? 'SYSTEM_HOST' : `id-${siteName}`,
  inode: 'i',
  siteName,
  aliases: '',
  isDefault: false,
  system,
  archived: false,
  live: true,
  modUser: 'u',
  modDate: 0,
});

t.test('a generated key is the site name, a dot and a URL-safe random token', async (t) => {
  const a = generateSiteAuth(site('shop.example.com'));
  const b = generateSiteAuth(site('shop.example.com'));
  t.match(a, /^shop\.example\.com\.[A-Za-z0-9_-]{32}$/);
  t.not(a, b, 'never the same twice');
  t.match(generateSiteAuth(site('System Host', true)), /^SYSTEM_HOST\.[A-Za-z0-9_-]{32}$/, 'SYSTEM_HOST by its id');
  t.equal(siteAuthProblem(a), undefined);
});

t.test('stored: a SHA-256 hash, compared in constant time', async (t) => {
  t.equal(hashSiteAuth('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  t.ok(sameHash(hashSiteAuth('x'), hashSiteAuth('x')));
  t.notOk(sameHash(hashSiteAuth('x'), hashSiteAuth('y')));
  t.notOk(sameHash('ab', 'abc'), 'lengths differ: no throw, just false');
});

t.test('the masked form keeps the site-name prefix and, of a long secret only, the last 4 characters', async (t) => {
  const s = site('shop.example.com');
  t.equal(maskSiteAuth('shop.example.com.abcdefghijklmnopqrstuvwxyz012345', s), 'shop.example.com.*****2345');
  t.equal(maskSiteAuth('my-own-key-is-long-enough-WXYZ', s), '*****WXYZ', 'a hand-set key without the prefix');
  t.equal(maskSiteAuth('short', s), '*****', 'of a short key nothing shows');
  t.equal(maskSiteAuth('shop.example.com.short', s), 'shop.example.com.*****');
});

t.test('a hand-set key: 1 to 255 printable characters, refused without repeating it', async (t) => {
  t.equal(siteAuthProblem('any printable text, with spaces & ünïcødé ✓'), undefined);
  t.equal(siteAuthProblem('x'.repeat(255)), undefined);
  t.equal(siteAuthProblem(''), 'it is empty');
  t.equal(siteAuthProblem('x'.repeat(256)), 'it has 256 characters');
  t.equal(siteAuthProblem('ab\ncd'), 'character 3 is a control or invisible character');
  t.equal(siteAuthProblem('ab\u200bcd'), 'character 3 is a control or invisible character', 'zero-width space');
  t.ok(isMaskOnly('*****'));
  t.notOk(isMaskOnly('a*****'));
});
