import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The lines of the TypeScript sources under `core`, `plugins` and `host` (tracked or new), for scans. */
export function sourceLines(skip: (file: string) => boolean = () => false): Array<{ where: string; line: string }> {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'plugins', 'host'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((f) => f.endsWith('.ts') && !skip(f));
  return files.flatMap((file) =>
    readFileSync(`${root}/${file}`, 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${file}:${i + 1}`, line })),
  );
}
