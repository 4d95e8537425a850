// A guard against regressions on the request paths: short runs of the read, nav, fire, search and
// analytics-ingest benchmarks (guard-steps.mjs), each figure the median of three runs, compared
// with the one recorded in docs/benchmarks.md (CPU figures scaled by the machine's calibration).
// Prints every figure beside its record and exits with 1 when any is more than 15% worse. Run: npm
// run bench:guard (BENCH_GUARD_SECONDS: seconds of each measured run, 2; BENCH_GUARD_ROUNDS: 3).
// `npm run bench:guard -- --record` writes this run's figures as the record instead (exit 0).
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrate } from './calibration.mjs';
import {
  SECTION,
  TOLERANCE,
  compareFigures,
  comparisonText,
  parseRecorded,
  recordText,
  speedScale,
} from './guard-figures.mjs';
import { fireStep, ingestStep, navStep, readStep, searchStep } from './guard-steps.mjs';
import { recordSection, startBare, stopProcess } from './lib.mjs';

const record = process.argv.includes('--record');
const file = join(fileURLToPath(new URL('..', import.meta.url)), 'docs/benchmarks.md');
const BARE_PORT = 9501;

const started = performance.now();
const loadBefore = loadavg()[0];
// Timed before and after the steps, the shorter kept: a single timing caught the machine slow once
// (140 ms against 83 to 86 in every other run that hour).
const calibrationBefore = calibrate();
// One bare server for the whole run; it reads POST bodies too, as the search step needs.
const bare = await startBare(BARE_PORT, { buffer: true });
const figures = [];
try {
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/`;
  for (const [name, step, port] of [
    ['read', readStep, 9502],
    ['nav', navStep, 9503],
    ['fire', fireStep, 9504],
    ['search', searchStep, 9505],
    ['ingest', ingestStep, 9506],
  ]) {
    const at = performance.now();
    process.stderr.write(`${name}\n`);
    figures.push(...(await step({ bareUrl, port })));
    process.stderr.write(`  ${((performance.now() - at) / 1000).toFixed(0)} s\n`);
  }
} finally {
  await stopProcess(bare.child);
}
const calibrationMs = Math.min(calibrationBefore, calibrate());
const seconds = (performance.now() - started) / 1000;
const loadAfter = loadavg()[0];

const recorded = parseRecorded(readFileSync(file, 'utf8'));
const scale = speedScale(recorded.calibrationMs, calibrationMs);
const rows = compareFigures(figures, recorded.figures, TOLERANCE, scale);
console.log(`\n${comparisonText(rows)}\n`);
console.log(
  `This run: load ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; calibration ${calibrationMs} ms (CPU figures compared × ${scale.toFixed(2)}); ${Math.round(seconds)} s.`,
);
console.log(recorded.recorded ?? 'Nothing recorded yet: npm run bench:guard -- --record');
// CPU per operation and the ratios hold while other work comes and goes, but not on a machine far
// busier than the one that recorded them: every core shared several ways costs each its caches.
if (recorded.loadBefore !== undefined && loadBefore - recorded.loadBefore > cpus().length / 2) {
  console.log(
    `The machine is busier than when the figures were recorded (load ${loadBefore.toFixed(2)} now, ${recorded.loadBefore} then): a flagged figure may be the load, not the change; run again when it is quieter.`,
  );
}
const worse = rows.filter((row) => row.status === 'worse');
if (record) {
  const context = {
    date: new Date().toISOString().slice(0, 10),
    loadBefore,
    loadAfter,
    cores: cpus().length,
    node: process.version,
    seconds,
    calibrationMs,
  };
  recordSection(file, SECTION, recordText(figures, context));
  console.log('Recorded in docs/benchmarks.md.');
} else if (worse.length > 0) {
  console.log(
    `${worse.length} figure(s) more than ${TOLERANCE * 100}% worse than recorded: ${worse.map((r) => r.figure.id).join(', ')}`,
  );
  process.exitCode = 1;
}
