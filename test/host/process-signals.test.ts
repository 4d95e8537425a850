import t, { type Test } from 'tap';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDataDir } from '../helpers/test-app.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT_MAIN = join(ROOT, 'dist/bundle/host/main.js');

/**
 * `npm <args>` in the repository, as an installer types it; answers once the service has written
 * its start-up line: npm's process, and the service's process id and port from that line.
 */
async function npmStart(t: Test, args: string[]) {
  const npm = spawn('npm', args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      npm_config_update_notifier: 'false',
      CMS_DATA_DIR: tempDataDir(t),
      PORT: '0',
      CMS_HTTP_HOST: '127.0.0.1',
      INITIAL_ADMIN_PASSWORD: 'signals-test-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout.on('data', (d) => (out += d));
  npm.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  const summary = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
    npm.stdout.on('data', () => {
      const line = out.split('\n').find((l) => l.startsWith('{') && l.includes(' listening on '));
      if (line) resolve(JSON.parse(line) as { pid: number; port: number });
    });
    void exited.then((code) => reject(new Error(`npm exited with ${code} before the service listened:\n${out}`)));
  });
  // Whatever happens to the test, no service is left behind.
  t.teardown(() => {
    if (isRunning(summary.pid)) process.kill(summary.pid, 'SIGKILL');
  });
  return { npm, exited, output: () => out, ...summary };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether something accepts connections on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** SIGTERM to npm's process only, as systemd or a container runtime sends it: the service must stop too. */
async function stopsOnSigterm(t: Test, started: Awaited<ReturnType<typeof npmStart>>): Promise<void> {
  t.ok(await accepts(started.port), 'the service listens');
  started.npm.kill('SIGTERM');
  t.equal(await started.exited, 0, 'npm exits 0: the service stopped cleanly');
  t.match(started.output(), /"signal":"SIGTERM","msg":"shutting down"/, 'the service handled the signal');
  t.notOk(isRunning(started.pid), 'the service process is gone');
  t.notOk(await accepts(started.port), 'the port is free');
}

t.test('npm start builds, starts, and stops on SIGTERM sent to npm', async (t) => {
  const started = await npmStart(t, ['start']);
  t.match(started.output(), /> npm run build/, 'it built first');
  await stopsOnSigterm(t, started);
});

t.test('npm run serve starts the build without rebuilding, and stops on SIGTERM sent to npm', async (t) => {
  const built = statSync(BUILT_MAIN).mtimeMs;
  const started = await npmStart(t, ['run', 'serve']);
  t.notMatch(started.output(), /npm run build|tsc/, 'no build');
  t.equal(statSync(BUILT_MAIN).mtimeMs, built, 'the build is untouched');
  await stopsOnSigterm(t, started);
});

t.test('without a build, the launcher says what to do', async (t) => {
  const elsewhere = tempDataDir(t);
  mkdirSync(join(elsewhere, 'bin'));
  copyFileSync(join(ROOT, 'bin/cms.mjs'), join(elsewhere, 'bin/cms.mjs'));
  const child = spawn(process.execPath, [join(elsewhere, 'bin/cms.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  t.equal(code, 1);
  t.equal(err, `cms: ${join(elsewhere, 'dist/bundle/host/main.js')} is missing: run \`npm run build\` first\n`);
});
