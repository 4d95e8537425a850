import t from 'tap';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const EXAMPLES = ['slug-field-type', 'notify-url-actionlet', 'api-key-auth', 'timed-storage'];

/** tsc's complaints, or '' when it has none. */
async function tsc(args: string[], cwd: string): Promise<string> {
  try {
    await run(process.execPath, [TSC, ...args], { cwd });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}

t.test(
  'the declarations of cms/plugin and cms/plugin/testing type-check the examples as an installed cms package',
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-types-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    // `cms` as a plugin author installs it: its package.json (with `exports`) and what the build
    // declares for its two entry points. Only their declarations are written here: the whole build takes longer.
    const cms = join(dir, 'node_modules', 'cms');
    mkdirSync(cms, { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(cms, 'package.json'));
    const declared = await tsc(
      [
        ...['core/plugin/kit.ts', 'core/plugin/testing/index.ts'],
        ...['--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--strict'],
        ...['--module', 'nodenext', '--target', 'es2022', '--types', 'node'],
        ...['--rootDir', ROOT, '--outDir', join(cms, 'dist')],
      ],
      ROOT,
    );
    t.equal(declared, '', 'the kit and the contract suites declare themselves');

    for (const example of EXAMPLES) {
      mkdirSync(join(dir, 'src', example), { recursive: true });
      for (const file of readdirSync(join(ROOT, 'examples', example)).filter((f) => f.endsWith('.js')))
        copyFileSync(join(ROOT, 'examples', example, file), join(dir, 'src', example, file));
    }
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...{ allowJs: true, checkJs: true, noEmit: true, strict: true, skipLibCheck: true },
          ...{ module: 'nodenext', target: 'es2022', lib: ['es2023'], types: ['node'] },
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        include: ['src'],
      }),
    );
    // Two files with mistakes, to see that the check checks: one run of tsc for all.
    writeFileSync(
      join(dir, 'src', 'wrong.js'),
      "import { definePlugin } from 'cms/plugin';\nexport default definePlugin({ name: 'x', apiVersion: '1', setup: () => ({}) });\n",
    );
    writeFileSync(
      join(dir, 'src', 'private.js'),
      "import { Errors } from 'cms/core/errors/index.js';\nexport { Errors };\n",
    );
    const complaints = (await tsc(['-p', 'tsconfig.json'], dir)).split('\n').filter((line) => /error TS/.test(line));
    t.same(
      complaints.filter((line) => !/^src\/(wrong|private)\.js/.test(line)),
      [],
      "the examples' JSDoc types hold against cms/plugin",
    );
    t.match(
      complaints.join('\n'),
      /src\/wrong\.js.*Type 'string' is not assignable to type 'number'/,
      'mistakes are found',
    );
    t.match(
      complaints.join('\n'),
      /src\/private\.js.*Cannot find module 'cms\/core\/errors\/index\.js'/,
      'nothing but the kit is exported',
    );
  },
);
