// The figures of `npm run bench:guard`, the table of them recorded in docs/benchmarks.md, and the
// comparison of a run with that table. Nothing here measures: it is the part the tests can check.
//
// A figure is { id, value, unit, better, what }: `id` names it in the table (`fire.sqlite`), `better`
// says which way is better ('higher' for a ratio to the bare server, 'lower' for CPU per operation).
// Each is the median of several short runs (`runs`): single runs of the same build differed by a
// quarter to a half on a shared machine. CPU per operation depends on the machine's speed too, so
// the guard times a fixed piece of work (its calibration) and compares CPU figures scaled to the
// speed of the machine that recorded them.

/** The markers of the recorded section in docs/benchmarks.md (recordSection of lib.mjs). */
export const SECTION = 'bench-guard';
/** How much worse than recorded a figure may be before the guard flags it. */
export const TOLERANCE = 0.15;

const ID = /^[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+$/;
/** Three significant digits: finer than any run repeats, and small ratios (0.0172) keep theirs. */
const rounded = (value) => Number(value.toPrecision(3));

/** The middle value (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One figure from several runs of it (the same id, unit and direction): their median, the runs kept. */
export function medianFigure(runs) {
  const value = rounded(median(runs.map((figure) => figure.value)));
  return { ...runs[0], value, runs: runs.map((figure) => figure.value) };
}

/** A request rate as a share of the bare server's rate measured in the same run; higher is better. */
export const ratioFigure = (id, what, rate, bareRate) => ({
  id,
  what,
  value: rounded(rate / bareRate),
  unit: '× bare server',
  better: 'higher',
});

/** CPU seconds of the service (all its threads) per `operation`, in microseconds; lower is better. */
export const cpuFigure = (id, what, cpuSecondsPerOperation, operation) => ({
  id,
  what,
  value: rounded(cpuSecondsPerOperation * 1e6),
  unit: `µs CPU per ${operation}`,
  better: 'lower',
});

/**
 * The recorded figures in `markdown` (the whole of docs/benchmarks.md or just the section): a map
 * from id to value, read from the rows of the section's table whose first cell is an id and second
 * a number; the section's "Recorded …" line, and the load it gives before the run. Anything else in
 * the section is ignored; no section is no record.
 */
export function parseRecorded(markdown) {
  const start = markdown.indexOf(`<!-- ${SECTION} -->`);
  const end = markdown.indexOf(`<!-- /${SECTION} -->`);
  const figures = new Map();
  if (start < 0 || end < start) return { figures, recorded: undefined, loadBefore: undefined };
  const lines = markdown.slice(start, end).split('\n');
  for (const line of lines) {
    if (!line.trim().startsWith('|')) continue;
    const [id, value] = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim().replace(/^`|`$/g, ''));
    const number = Number(value);
    if (id !== undefined && ID.test(id) && value !== '' && Number.isFinite(number)) figures.set(id, number);
  }
  const recorded = lines.find((line) => line.startsWith('Recorded'))?.trim();
  const load = recorded && /load ([\d.]+) before/.exec(recorded);
  const calibration = recorded && /calibration ([\d.]+) ms/.exec(recorded);
  return {
    figures,
    recorded,
    loadBefore: load ? Number(load[1]) : undefined,
    calibrationMs: calibration ? Number(calibration[1]) : undefined,
  };
}

/**
 * What CPU figures of this machine are multiplied by to compare them with the recorded ones: the
 * recorded calibration over this run's (a machine that takes 1.3 times as long for the calibration
 * is taken to spend 1.3 times the CPU per operation). 1 when either is unknown.
 */
export function speedScale(recordedCalibrationMs, calibrationMs) {
  if (!recordedCalibrationMs || !calibrationMs) return 1;
  return recordedCalibrationMs / calibrationMs;
}

/**
 * Each figure measured beside its recorded value, and each recorded one not measured this time.
 * `status` is 'worse' (more than `tolerance` worse: a ratio below recorded × (1 − tolerance), CPU
 * per operation above recorded × (1 + tolerance)), 'ok', 'no record yet' or 'not measured'.
 * `change` is the relative difference from the record (+0.2: 20% higher), where there is one.
 * CPU figures (better 'lower') are compared as `value × scale` (speedScale), shown as `compared`.
 */
export function compareFigures(figures, recorded, tolerance = TOLERANCE, scale = 1) {
  const rows = figures.map((figure) => {
    const before = recorded.get(figure.id);
    if (before === undefined) return { figure, recorded: undefined, change: undefined, status: 'no record yet' };
    const compared = figure.better === 'lower' ? rounded(figure.value * scale) : figure.value;
    const worse =
      figure.better === 'higher' ? compared < before * (1 - tolerance) : compared > before * (1 + tolerance);
    const change = before === 0 ? undefined : compared / before - 1;
    return { figure, compared, recorded: before, change, status: worse ? 'worse' : 'ok' };
  });
  const measured = new Set(figures.map((f) => f.id));
  for (const [id, value] of recorded) {
    if (!measured.has(id)) rows.push({ figure: { id }, recorded: value, change: undefined, status: 'not measured' });
  }
  return rows;
}

const percent = (change) => (change === undefined ? '' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`);

/** The comparison as lines of aligned text, the worse ones marked. */
export function comparisonText(rows) {
  const table = [
    ['figure', 'now', 'runs', 'compared', 'recorded', 'change', ''],
    ...rows.map(({ figure, compared, recorded, change, status }) => [
      figure.id,
      figure.value === undefined ? '-' : `${figure.value}`,
      figure.runs === undefined ? '' : figure.runs.map((value) => rounded(value)).join(' '),
      compared === undefined ? '-' : `${compared}`,
      recorded === undefined ? '-' : `${recorded}`,
      percent(change),
      status === 'worse'
        ? `WORSE by more than ${TOLERANCE * 100}% (${figure.unit}, ${figure.better} is better)`
        : status,
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * The section's text for docs/benchmarks.md: a line saying when and on what the figures were
 * measured, then one row per figure (what parseRecorded reads back).
 */
export function recordText(figures, { date, loadBefore, loadAfter, cores, node, seconds, calibrationMs }) {
  const runs = (f) => (f.runs === undefined ? '' : f.runs.map((value) => rounded(value)).join(', '));
  const rows = figures.map((f) => `| \`${f.id}\` | ${f.value} | ${runs(f)} | ${f.unit} | ${f.better} | ${f.what} |`);
  const calibration = calibrationMs === undefined ? '' : `, calibration ${calibrationMs} ms`;
  return `### The guard's figures

Recorded ${date}: load ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} after (1-minute average), ${cores} cores, Node ${node}${calibration}; the guard took ${Math.round(seconds)} s.

| Figure | Value (median) | Runs | Unit | Better | What |
|---|---|---|---|---|---|
${rows.join('\n')}`;
}
