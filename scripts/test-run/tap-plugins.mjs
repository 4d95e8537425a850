// tap builds its test class from the configured plugins, and rebuilds it when the list changes, but
// the runner that notices the change has already read the old build: that run's test processes
// still load the old build's loaders. After `npm ci` the old build is tap's default, whose loaders
// (TypeScript through tsx, and mock's hooks on a thread of their own) then load into every test
// process of the run, about a third more time per file. So the run brings the build up to date
// first, in a process of its own, before tap's runner loads it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `tap build` with the configuration `rcFile` when tap's build does not match its plugin list. */
export async function ensureTapBuild(root, tapBin, rcFile) {
  const env = { ...process.env, TAP_RCFILE: rcFile };
  // A fresh process: the modules it imports are the ones on disk now.
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { TapConfig } = await import('@tapjs/config'); const { signature } = await import('@tapjs/test');" +
        'const config = await TapConfig.load(); process.stdout.write(config.pluginSignature === signature ? "same" : "differs");',
    ],
    { cwd: root, env },
  );
  if (stdout !== 'same') await run(tapBin, ['build'], { cwd: root, env });
}
