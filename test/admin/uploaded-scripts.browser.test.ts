import t from 'tap';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../helpers/browser.js';
import { createFolderOf } from '../helpers/folders.js';
import { startTestApp, tempDataDir, type TestApp } from '../helpers/test-app.js';

/**
 * A back office whose script adds a script element naming the URL after `#`, then titles the page
 * with how that load ended: what an injection into one of its pages would do.
 */
function buildThatLoadsScripts(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'assets', 'own-Q1.js'),
    `window.ownRan = true;
const script = document.createElement('script');
script.src = decodeURIComponent(location.hash.slice(1));
script.onload = () => { document.title = 'loaded'; };
script.onerror = () => { document.title = 'refused'; };
document.head.append(script);
`,
  );
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>…</title><script src="/admin/assets/own-Q1.js"></script>',
  );
}

async function upload(s: TestApp, name: string, text: string): Promise<string> {
  await createFolderOf(s, 'default:/uploads');
  const fired = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    headers: s.basicAuth(),
    body: {
      contentletFormData: {
        contentType: 'FileAsset',
        hostFolder: 'default:/uploads',
        fileName: name,
        fileAsset: `data:text/plain;name=${name};base64,${Buffer.from(text).toString('base64')}`,
      },
    },
  });
  if (fired.status !== 200) throw new Error(`upload: ${fired.text}`);
  return fired.json.entity.identifier as string;
}

t.test('a script uploaded to the service does not run in a page of the back office', async (t) => {
  const browser = await launchChromium(t);
  if (!browser) return;
  const built = join(tempDataDir(t), 'admin');
  buildThatLoadsScripts(built);
  const s = (await startTestApp(t, {
    socket: true,
    env: { CMS_ADMIN_DIR: built, CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' },
  }))!;
  const identifier = await upload(s, 'evil.js', 'window.uploadedRan = true; document.title = "uploaded ran";');
  const uploaded = `/dA/${identifier}/fileAsset/evil.js`;
  const direct = await fetch(`${s.url}${uploaded}`);
  t.equal(direct.status, 200, 'the script is there for anyone to load: only the policy stands in the way');
  t.equal(direct.headers.get('content-type'), 'text/javascript');

  const page = await browser.newPage();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refusals.push(message.text());
  });
  await page.goto(`${s.url}/admin/#${encodeURIComponent(uploaded)}`);
  await page.waitForFunction("document.title === 'loaded' || document.title === 'refused'");
  t.equal(await page.evaluate('window.ownRan'), true, 'the back office’s own script runs');
  t.equal(await page.evaluate('window.uploadedRan'), undefined, 'the uploaded one does not');
  t.equal(await page.title(), 'refused');
  t.match(refusals.join('\n'), new RegExp(`${uploaded.replace(/\//g, '\\/')}.*violates`), 'refused by the policy');
});
