import t from 'tap';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'plugins', 'host'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => f.endsWith('.ts') && !f.startsWith('core/errors/'));

t.test('throw sites name catalogue entries, never a bare code', async (t) => {
  const offenders: string[] = [];
  for (const file of sources) {
    const text = readFileSync(`${root}/${file}`, 'utf8');
    text.split('\n').forEach((line, i) => {
      // A CmsError is made from an entry of Errors (or a variable holding one), never from a string.
      if (/new CmsError\(\s*['"`]/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      // Details are made with detail(Errors.x, ...): a literal errorCode would bypass the catalogue.
      if (/errorCode:\s*['"`]/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  t.same(offenders, []);
});
