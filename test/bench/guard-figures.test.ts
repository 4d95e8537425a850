import t from 'tap';
import {
  compareFigures,
  comparisonText,
  cpuFigure,
  median,
  medianFigure,
  parseRecorded,
  ratioFigure,
  recordText,
  speedScale,
  // @ts-expect-error: a plain ESM script without declarations
} from '../../bench/guard-figures.mjs';

type Row = { figure: { id: string }; recorded: number | undefined; change: number | undefined; status: string };

const context = {
  date: '2026-12-01',
  loadBefore: 0.5,
  loadAfter: 1.25,
  cores: 2,
  node: 'v20.20.2',
  seconds: 101.4,
  calibrationMs: 84.9,
};

/** docs/benchmarks.md as the guard finds it: other sections around its own. */
const doc = (section: string) => `# Benchmarks

<!-- nav -->
| \`read.content\` | 0.99 | × bare server | higher | a table of another section |
<!-- /nav -->

<!-- bench-guard -->
${section}
<!-- /bench-guard -->

| \`fire.sqlite\` | 1 | µs CPU per fire | lower | after the section |
`;

const recorded = (entries: Record<string, number>) => new Map(Object.entries(entries));
const statusOf = (rows: Row[], id: string) => rows.find((row) => row.figure.id === id)?.status;

t.test('the recorded table is read back from its section alone', async (t) => {
  const figures = [
    ratioFigure('read.content', 'GET /api/v1/content/{id}', 2383, 27656),
    cpuFigure('fire.sqlite', 'Publish on a new item', 0.0028153, 'fire'),
    ratioFigure('search.term', 'term query', 665, 38424),
  ];
  t.same(
    figures.map((f: { value: number }) => f.value),
    [0.0862, 2820, 0.0173],
    'three significant digits',
  );
  const { figures: read, recorded: line, loadBefore, calibrationMs } = parseRecorded(doc(recordText(figures, context)));
  t.same(
    [...read.entries()],
    [
      ['read.content', 0.0862],
      ['fire.sqlite', 2820],
      ['search.term', 0.0173],
    ],
  );
  t.equal(
    line,
    'Recorded 2026-12-01: load 0.50 before and 1.25 after (1-minute average), 2 cores, Node v20.20.2, calibration 84.9 ms; the guard took 101 s.',
  );
  t.equal(loadBefore, 0.5, 'the load before the recorded run, to warn when this one ran on a busier machine');
  t.equal(calibrationMs, 84.9, 'the calibration of the machine that recorded them');
});

t.test('rows that are not a figure and a value that is not a number are skipped', async (t) => {
  const section = `Recorded 2026-12-01.

| Figure | Value | Unit |
|---|---|---|
| \`nav.depth3\` | 0.489 | × bare server |
| fire.mariadb | 9610 | µs CPU per fire |
| \`index.reindex\` | n/a | µs CPU per item |
| \`ingest.sqlite\` |  | µs CPU per event |
| not an id | 3 | x |`;
  t.same(
    [...parseRecorded(doc(section)).figures.entries()],
    [
      ['nav.depth3', 0.489],
      ['fire.mariadb', 9610],
    ],
  );
});

t.test('no section is no record', async (t) => {
  const {
    figures,
    recorded: line,
    loadBefore,
  } = parseRecorded('# Benchmarks\n\n| `fire.sqlite` | 2820 | µs CPU per fire |\n');
  t.equal(figures.size, 0);
  t.equal(line, undefined);
  t.equal(loadBefore, undefined);
});

t.test('a figure more than 15% worse is flagged, whichever way is worse; 10% is not', async (t) => {
  const ratio = (id: string, value: number) => ({ id, value, unit: '× bare server', better: 'higher', what: id });
  const cpu = (id: string, value: number) => ({ id, value, unit: 'µs CPU per fire', better: 'lower', what: id });
  const rows: Row[] = compareFigures(
    [
      ratio('ratio.fell-16', 0.42),
      ratio('ratio.fell-10', 0.45),
      ratio('ratio.rose-40', 0.7),
      cpu('cpu.rose-16', 116),
      cpu('cpu.rose-10', 110),
      cpu('cpu.fell-50', 50),
      ratio('ratio.new', 0.3),
    ],
    recorded({
      'ratio.fell-16': 0.5,
      'ratio.fell-10': 0.5,
      'ratio.rose-40': 0.5,
      'cpu.rose-16': 100,
      'cpu.rose-10': 100,
      'cpu.fell-50': 100,
      'fire.mariadb': 9610,
    }),
  );
  t.same(
    rows.map((row) => [row.figure.id, row.status]),
    [
      ['ratio.fell-16', 'worse'],
      ['ratio.fell-10', 'ok'],
      ['ratio.rose-40', 'ok'],
      ['cpu.rose-16', 'worse'],
      ['cpu.rose-10', 'ok'],
      ['cpu.fell-50', 'ok'],
      ['ratio.new', 'no record yet'],
      ['fire.mariadb', 'not measured'],
    ],
  );
  t.equal(rows.find((row) => row.figure.id === 'cpu.rose-16')?.change?.toFixed(2), '0.16');
  t.equal(rows.find((row) => row.figure.id === 'ratio.new')?.recorded, undefined);

  const text = comparisonText(rows).split('\n');
  t.equal(text.filter((line: string) => line.includes('WORSE')).length, 2, 'the printed table marks the two');
  t.match(
    text.find((line: string) => line.startsWith('cpu.rose-16')),
    /116 +100 +\+16\.0% +WORSE/,
  );
  t.match(
    text.find((line: string) => line.startsWith('ratio.new')),
    /no record yet/,
  );
});

t.test('a run compared with its own record is within bounds, and one a fifth worse everywhere is not', async (t) => {
  const figures = [
    ratioFigure('read.users-current', 'who am I', 19944, 27656),
    cpuFigure('ingest.sqlite', 'events', 1 / 38480, 'event'),
  ];
  const { figures: read } = parseRecorded(doc(recordText(figures, context)));
  t.same(
    compareFigures(figures, read).map((row: Row) => row.status),
    ['ok', 'ok'],
  );
  const fifthWorse = [
    ratioFigure('read.users-current', 'who am I', 19944 * 0.8, 27656),
    cpuFigure('ingest.sqlite', 'events', 1.2 / 38480, 'event'),
  ];
  const rows: Row[] = compareFigures(fifthWorse, read);
  t.equal(statusOf(rows, 'read.users-current'), 'worse');
  t.equal(statusOf(rows, 'ingest.sqlite'), 'worse');
});

t.test('a figure is the median of its runs, the runs kept beside it', async (t) => {
  t.equal(median([3, 1, 2]), 2);
  t.equal(median([4, 1, 3, 2]), 2.5, 'an even count: the mean of the middle two');
  const runs = [0.0030201, 0.0019801, 0.0020799].map((cpu) => cpuFigure('fire.sqlite', 'Publish', cpu, 'fire'));
  const figure = medianFigure(runs);
  t.equal(figure.value, 2080, 'the middle run, not the first (slow, still warming up) one');
  t.same(figure.runs, [3020, 1980, 2080]);
  t.equal(figure.unit, 'µs CPU per fire');
  const section = recordText([figure], context);
  t.match(section, /\| `fire\.sqlite` \| 2080 \| 3020, 1980, 2080 \| µs CPU per fire \| lower \|/);
  t.same(
    [...parseRecorded(doc(section)).figures.entries()],
    [['fire.sqlite', 2080]],
    'the median is what is read back',
  );
});

t.test("CPU figures are compared at the recorded machine's speed; ratios as they are", async (t) => {
  t.equal(speedScale(80, 100), 0.8, 'this machine takes 1.25 times as long: its CPU figures count for 0.8');
  t.equal(speedScale(undefined, 100), 1, 'no recorded calibration: as measured');
  const figures = [
    { id: 'fire.sqlite', value: 2400, unit: 'µs CPU per fire', better: 'lower', what: 'fires' },
    { id: 'read.content', value: 0.4, unit: '× bare server', better: 'higher', what: 'reads' },
  ];
  const record = recorded({ 'fire.sqlite': 2000, 'read.content': 0.5 });
  const slower: Row[] = compareFigures(figures, record, 0.15, speedScale(80, 100));
  t.equal(statusOf(slower, 'fire.sqlite'), 'ok', '2,400 µs on a machine a quarter slower is 1,920 µs recorded-speed');
  t.equal(statusOf(slower, 'read.content'), 'worse', 'a ratio to the bare server is not scaled');
  t.equal(statusOf(compareFigures(figures, record), 'fire.sqlite'), 'worse', 'unscaled, 2,400 is 20% worse');
  t.match(comparisonText(slower), /fire\.sqlite +2400 +1920 +2000 +-4\.0% +ok/);
});
