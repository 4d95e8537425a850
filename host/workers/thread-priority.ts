import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread alone by `increment` nice levels (at most to
 * 19), so that when the CPU is short the thread that answers requests goes first. Only on Linux,
 * where every thread has a priority of its own: elsewhere `setPriority` would lower the whole
 * process, the answering thread included, so nothing is done. Answers whether it was lowered.
 */
export function lowerThreadPriority(increment: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // /proc/thread-self links to /proc/<pid>/task/<tid>: the kernel's id of the calling thread.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, Math.min(19, getPriority(tid) + increment));
    return true;
  } catch {
    // Not allowed (a restricted container) or no /proc: the thread keeps its priority.
    return false;
  }
}
