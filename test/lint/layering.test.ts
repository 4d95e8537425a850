import t from 'tap';
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages ESLint gives a source text as if it stood at `path`. */
async function lint(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

t.test('core imports neither host nor plugins nor driver libraries', async (t) => {
  t.match(await lint('core/content/x.ts', "import { buildApp } from '../../host/app.js';\nvoid buildApp;\n"), [
    /no-restricted-imports: .*core is the domain/,
  ]);
  t.match(await lint('core/x.ts', "import p from '../plugins/mail/index.js';\nvoid p;\n"), [/no-restricted-imports/]);
  t.match(await lint('core/x.ts', "import { drizzle } from 'drizzle-orm/mysql2';\nvoid drizzle;\n"), [
    /no-restricted-imports/,
  ]);
  t.same(await lint('core/x.ts', "import { randomUUID } from 'node:crypto';\nvoid randomUUID;\n"), []);
  t.match(await lint('core/content/x.ts', "import { writeFile } from 'node:fs/promises';\nvoid writeFile;\n"), [
    /no-restricted-imports: .*file system/,
  ]);
  t.same(await lint('core/config/x.ts', "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n"), []);
  t.match(await lint('core/config/x.ts', "import { buildApp } from '../../host/app.js';\nvoid buildApp;\n"), [
    /no-restricted-imports/,
  ]);
});

t.test('plugins never import host', async (t) => {
  t.match(await lint('plugins/auth/x.ts', "import { reply } from '../../host/http/route.js';\nvoid reply;\n"), [
    /no-restricted-imports: .*never host/,
  ]);
  t.match(await lint('plugins/storage/x/y.ts', "import { reply } from '../../../host/http/route.js';\nvoid reply;\n"), [
    /no-restricted-imports: .*never host/,
  ]);
});

t.test('every built-in plugin but the storage drivers imports only the plugin kit', async (t) => {
  const kitOnly = /no-restricted-imports: .*only the plugin kit/;
  // Every folder of plugins/, so that a new one is held to the kit too; a file one level down as well.
  const folders = readdirSync(join(root, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'storage')
    .flatMap((entry) => [entry.name, `${entry.name}/sub`]);
  t.ok(folders.includes('translation'), 'translation is among them');
  for (const folder of folders) {
    const up = '../'.repeat(folder.split('/').length + 1);
    t.same(
      await lint(
        `plugins/${folder}/x.ts`,
        `import { definePlugin } from '${up}core/plugin/kit.js';\nvoid definePlugin;\n`,
      ),
      [],
      `${folder}: the kit`,
    );
    t.match(
      await lint(`plugins/${folder}/x.ts`, `import { CmsError } from '${up}core/errors/index.js';\nvoid CmsError;\n`),
      [kitOnly],
      `${folder}: core beyond the kit`,
    );
  }
  t.match(
    await lint('plugins/actionlets/x.ts', "import { textField } from '../field-types/text.js';\nvoid textField;\n"),
    [kitOnly],
    'another plugin',
  );
  t.match(await lint('plugins/auth/x.ts', "import { reply } from '../../host/http/route.js';\nvoid reply;\n"), [
    /never host/,
    kitOnly,
  ]);
  t.same(
    await lint(
      'plugins/mail/x.ts',
      "import { createTransport } from 'nodemailer';\nimport { join } from 'node:path';\nimport { p } from './properties.js';\nvoid [createTransport, join, p];\n",
    ),
    [],
    'its own library, node: built-ins and its own files',
  );
});

t.test('storage drivers import only the plugin kit of the service, and share the drizzle repositories', async (t) => {
  t.match(
    await lint(
      'plugins/storage/sqlite/x.ts',
      "import { CmsError } from '../../../core/errors/index.js';\nvoid CmsError;\n",
    ),
    [/no-restricted-imports: .*storage driver imports only the plugin kit/],
    'core beyond the kit',
  );
  t.same(
    await lint(
      'plugins/storage/sqlite/x.ts',
      "import { definePlugin } from '../../../core/plugin/kit.js';\nimport { translateError } from '../drizzle/context.js';\nvoid [definePlugin, translateError];\n",
    ),
    [],
    'the kit, and the repositories the drivers share',
  );
});

t.test('more than four parameters take an options object', async (t) => {
  t.match(
    await lint('core/x.ts', 'export function f(a: 1, b: 2, c: 3, d: 4, e: 5) {\n  return [a, b, c, d, e];\n}\n'),
    [/max-params/],
  );
});
