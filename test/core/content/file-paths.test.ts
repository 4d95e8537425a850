import t from 'tap';
import { splitFilePath } from '../../../core/content/file-delivery.js';
import { extensionOf, mimeTypeOf } from '../../../core/content/mime-type.js';
import { hostNameOf } from '../../../core/site/site-by-host.js';

t.test('a file path splits into folder and name; what could never be a path is refused', async (t) => {
  t.same(splitFilePath('/logo.png'), { parentPath: '/', assetName: 'logo.png' });
  t.same(splitFilePath('/a/b/c.txt'), { parentPath: '/a/b', assetName: 'c.txt' });
  for (const path of ['', '/', 'a.txt', '/a/', '/a//b', '/a/../b', '/./a', '/a/..', '/a\\b', '/a\u0000b', '/a\nb'])
    t.equal(splitFilePath(path), undefined, JSON.stringify(path));
});

t.test('host names: no port, lower-case, IPv6 kept in brackets', async (t) => {
  t.equal(hostNameOf('Shop.Example.COM:8080'), 'shop.example.com');
  t.equal(hostNameOf('[::1]:8080'), '[::1]');
  t.equal(hostNameOf(''), undefined);
  t.equal(hostNameOf(undefined), undefined);
});

t.test('media types by extension', async (t) => {
  t.equal(mimeTypeOf('a.PNG'), 'image/png');
  t.equal(mimeTypeOf('report.pdf'), 'application/pdf');
  t.equal(mimeTypeOf('noextension'), 'application/octet-stream');
  t.equal(mimeTypeOf('.hidden'), 'application/octet-stream');
  t.equal(extensionOf('archive.tar.gz'), 'gz');
});
