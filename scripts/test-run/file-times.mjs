// How long each test file took, from what tap records of every process it ran (`.tap/processinfo`):
// the ten slowest are printed at the end of a run, so that a slow file is seen the day it appears.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each test file of the last run with its wall time in seconds, slowest first. */
export function fileTimes(root) {
  const dir = join(root, '.tap', 'processinfo');
  if (!existsSync(dir)) return [];
  const timed = [];
  for (const name of readdirSync(dir)) {
    let info;
    try {
      info = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch {
      continue;
    }
    // One record per process; the test file's own carries the file as its external id.
    if (info.externalID && typeof info.runtime === 'number')
      timed.push({ file: info.externalID, seconds: info.runtime / 1000 });
  }
  return timed.sort((a, b) => b.seconds - a.seconds);
}

/** The ten slowest files, as lines to print. */
export function slowestTen(timed) {
  if (!timed.length) return [];
  return [
    'The ten slowest test files of this run:',
    ...timed.slice(0, 10).map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}`),
  ];
}
