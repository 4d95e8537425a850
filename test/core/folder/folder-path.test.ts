import t from 'tap';
import { parseAssetPath } from '../../../core/folder/asset-path.js';
import { checkNotReserved, folderNames, normalisePath } from '../../../core/folder/folder-path.js';
import { contentParentPathOf, folderPathOfParent, parentPathOf } from '../../../core/model/folder.js';

t.test('folder paths: names keep their case, stored paths are lower-case with a slash at both ends', async (t) => {
  t.same(folderNames('/About-Us/Team'), ['About-Us', 'Team']);
  t.same(folderNames('about-us/team/'), ['about-us', 'team']);
  t.equal(normalisePath('About-Us/Team'), '/about-us/team/');
  t.equal(normalisePath('/'), '/');
  t.equal(normalisePath(''), '/');
  t.equal(normalisePath('/100%_done/'), '/100%_done/', 'LIKE wildcards are ordinary characters');
  for (const bad of ['/a//b', '/a/../b', '/./a', '/a\u0000b', '/a\nb', '/ a', '/a ', `/${'x'.repeat(256)}`, '/a\\b'])
    t.throws(() => folderNames(bad), { code: 'FOLDER_PATH_INVALID' }, JSON.stringify(bad));
  t.throws(() => folderNames('/'), { code: 'FOLDER_PATH_INVALID' }, 'the root is no folder');
});

t.test('reserved names are refused at the root only, ignoring case', async (t) => {
  t.throws(() => checkNotReserved('web-inf', '/'), { code: 'FOLDER_NAME_RESERVED' });
  t.throws(() => checkNotReserved('CMS', '/'), { code: 'FOLDER_NAME_RESERVED' });
  t.doesNotThrow(() => checkNotReserved('web-inf', '/docs/'));
  t.doesNotThrow(() => checkNotReserved('about', '/'));
});

t.test('parents, and the parent paths content keeps', async (t) => {
  t.equal(parentPathOf('/a/b/'), '/a/');
  t.equal(parentPathOf('/a/'), '/');
  t.equal(folderPathOfParent('/A/b'), '/a/b/');
  t.equal(folderPathOfParent('/'), '/');
  t.equal(contentParentPathOf('/a/b/'), '/a/b');
  t.equal(contentParentPathOf('/'), '/');
});

t.test('asset paths name a site and a folder', async (t) => {
  t.same(parseAssetPath('//demo.example.com/my-folder/'), { site: 'demo.example.com', path: '/my-folder/' });
  t.same(parseAssetPath('//demo.example.com'), { site: 'demo.example.com', path: '/' });
  t.throws(() => parseAssetPath('/my-folder/'), { code: 'FOLDER_ASSET_PATH_INVALID' });
  t.throws(() => parseAssetPath('demo.example.com/x'), { code: 'FOLDER_ASSET_PATH_INVALID' });
});
