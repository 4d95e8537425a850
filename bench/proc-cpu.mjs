// CPU time of a process and of its main thread, from Linux's /proc.
//
// A Node.js process's main thread is the thread whose id equals the process id, so
// /proc/<pid>/task/<pid>/stat holds the CPU time of the thread that answers requests alone, and
// /proc/<pid>/stat that of all its threads together (worker threads, libuv's pool, the garbage
// collector's helpers). Two samples taken around a run give how much of a core each used.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of utime and stime (100 on nearly every Linux). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a stat file, in seconds. The command name (2nd field) may hold spaces: skip past its ')'. */
function cpuSeconds(statFile) {
  const text = readFileSync(statFile, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (3rd field of the file), so utime (14th) and stime (15th) are 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** A sample of the process's and its main thread's CPU time; undefined where /proc is missing (not Linux). */
export function sampleCpu(pid) {
  try {
    return {
      at: performance.now(),
      process: cpuSeconds(`/proc/${pid}/stat`),
      main: cpuSeconds(`/proc/${pid}/task/${pid}/stat`),
    };
  } catch {
    return undefined;
  }
}

/**
 * Between two samples: the cores the main thread and the whole process used (1 = one core busy all
 * the time), and the main thread's share of the process's CPU time.
 */
export function cpuBetween(before, after) {
  if (!before || !after) return undefined;
  const wall = (after.at - before.at) / 1000;
  const main = after.main - before.main;
  const total = after.process - before.process;
  return { mainCores: main / wall, processCores: total / wall, mainShare: total > 0 ? main / total : 0 };
}

/**
 * Runs `work` and answers its result with the CPU seconds the process `pid` used meanwhile, all its
 * threads together (undefined where /proc is missing): what the work cost, whatever else the
 * machine ran, to within a clock tick (10 ms).
 */
export async function withProcessCpu(pid, work) {
  const before = sampleCpu(pid);
  const result = await work();
  const after = sampleCpu(pid);
  return { result, cpuSeconds: before && after ? after.process - before.process : undefined };
}
