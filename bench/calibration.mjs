// A fixed piece of CPU work of the kind the service does (JSON in and out, hashing, sorting, string
// scanning), timed: the guard compares CPU figures scaled by it, so that a record made on a faster
// or slower machine still says something (guard-figures.mjs, speedScale).
import { createHash } from 'node:crypto';

const ITEMS = Array.from({ length: 2000 }, (_, i) => ({
  identifier: `a1b2c3d4-${String(i).padStart(4, '0')}-4e5f-8a9b-0c1d2e3f4a5b`,
  title: `Title ${i} of the calibration`,
  body: `word ${i} `.repeat(40),
  tags: [i % 7, i % 11, i % 13],
  modDate: 1795950000000 + i,
}));

/** Milliseconds for the work, the shortest of `runs` (the one least disturbed by anything else). */
export function calibrate(runs = 9) {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    for (let round = 0; round < 5; round++) {
      const text = JSON.stringify(ITEMS);
      const back = JSON.parse(text);
      createHash('sha256').update(text).digest('hex');
      back.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
      let words = 0;
      for (const item of back) words += item.body.split(/\s+/).filter((word) => /^\d+$/.test(word)).length;
      if (words === 0) throw new Error('calibration: nothing counted');
    }
    best = Math.min(best, performance.now() - started);
  }
  return Number(best.toFixed(1));
}
