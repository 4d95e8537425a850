// Loaded into every test process before the tests (`node-arg` in .taprc and test/taprc-compiled.yaml).
//
// tap starts each test process with `--import` of its process-info hook, through both the
// arguments and NODE_OPTIONS. The hook runs on a thread of its own and sees every module loaded,
// to attribute coverage, which this project leaves off. Worker threads inherit the arguments, and
// child processes the environment, so every ingest, index or search thread a test's app started,
// and every service process a test spawned, loaded its modules through another such thread: an
// analytics ingest file took twice the CPU with it as without. The test process keeps it (tap reads
// what it records of the test processes); the threads and processes the tests start go without.
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

const withoutHook = (args) => args.filter((arg) => !/@tapjs[\\/]processinfo/.test(arg));

if (process.env.NODE_OPTIONS) {
  // Each argument quoted, as tap writes them: `"--import=file:///…/import.mjs" "--enable-source-maps"`.
  process.env.NODE_OPTIONS = withoutHook(process.env.NODE_OPTIONS.match(/"[^"]*"|\S+/g) ?? []).join(' ');
}

const { Worker } = workerThreads;
workerThreads.Worker = class extends Worker {
  constructor(filename, options = {}) {
    super(filename, { ...options, execArgv: withoutHook(options.execArgv ?? process.execArgv) });
  }
};
// `import { Worker } from 'node:worker_threads'` sees the replacement too.
syncBuiltinESMExports();
