// The checks `npm test` makes besides the tests (Prettier, ESLint, the type checks of the sources,
// the tests and the back office), run beside the tests rather than before them: while tap waits on
// child processes, sockets and browsers, the cores have room for them. The tests run JavaScript
// that esbuild stripped of its types (scripts/test-run/compile.mjs), so they need not wait for tsc.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['npm', ['run', '--silent', 'lint']],
  ['npm', ['run', '--silent', 'typecheck']],
];

/**
 * Starts the checks one after the other in the background; answers a promise of their outcome,
 * with what they printed kept for the end of the run, so it is not lost among tap's lines.
 */
export function startChecks(root) {
  return (async () => {
    const results = [];
    for (const [command, args] of CHECKS) {
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.on('close', (exitCode) => resolve(exitCode ?? 1)));
      results.push({ name: `${command} ${args.join(' ')}`, code, output });
    }
    return results;
  })();
}

/** The lines to print at the end: every check that failed, with what it printed. */
export function checkLines(results) {
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length === 0) return [`Checks passed: ${results.map((result) => result.name).join(', ')}`];
  return failed.flatMap((result) => [`Check failed (exit ${result.code}): ${result.name}`, result.output.trimEnd()]);
}
