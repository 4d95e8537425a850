// How long each test file took, from what tap records of every process it ran (`.tap/processinfo`):
// the ten slowest are printed at the end of a run, so that a slow file is seen the day it appears.
// A bundle (scripts/test-run/bundles.mjs) is one process for several files: each of its files is
// timed by the tests it ran there, from the bundle's output (`.tap/test-results`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_DIR } from './bundles.mjs';

/**
 * The files a bundle ran, each with the time of its top-level tests: the bundle announces a file
 * (`# file: <path>`) before its tests, which run one after another, each ending with its time.
 */
function bundleMemberTimes(root, bundle) {
  const results = join(root, '.tap', 'test-results', `${bundle}.tap`);
  if (!existsSync(results)) return [];
  const members = [];
  for (const line of readFileSync(results, 'utf8').split('\n')) {
    const announced = /^# file: (.+)$/.exec(line);
    if (announced) members.push({ file: announced[1], seconds: 0 });
    const ended = /^(?:not )?ok \d+ .*# time=([\d.]+)ms$/.exec(line);
    if (ended && members.length) members[members.length - 1].seconds += Number(ended[1]) / 1000;
  }
  return members;
}

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
    if (!info.externalID || typeof info.runtime !== 'number') continue;
    if (info.externalID.startsWith(`${BUNDLE_DIR}/`)) timed.push(...bundleMemberTimes(root, info.externalID));
    else timed.push({ file: info.externalID, seconds: info.runtime / 1000 });
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
