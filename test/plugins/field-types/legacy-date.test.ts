import t from 'tap';
import {
  ACCEPTED_DATE_PATTERNS,
  patternsFor,
  parseLegacyDate,
  type DateKind,
} from '../../../plugins/field-types/legacy-date.js';

/** A fixed "now" for the two-digit-year pivot: 2025-11-21T12:00Z, so the century starts 1945-11-21T12:00Z. */
const NOW = Date.UTC(2025, 10, 21, 12, 0, 0);
const parse = (text: string | number, kind: DateKind) => parseLegacyDate(text, kind, NOW);
const iso = (text: string | number, kind: DateKind = 'datetime') => new Date(parse(text, kind).epochMs).toISOString();

/**
 * One sample per pattern. `reportedAs` differs where an earlier pattern of the list takes the same
 * text first, as the original's in-order attempts do.
 */
const SAMPLES: ReadonlyArray<{ pattern: string; text: string; utc: string; reportedAs?: string }> = [
  { pattern: 'yyyy-MM-dd HH:mm:ss', text: '2024-05-01 13:45:30', utc: '2024-05-01T13:45:30.000Z' },
  { pattern: 'yyyy-MM-dd HH:mm', text: '2024-05-01 13:45', utc: '2024-05-01T13:45:00.000Z' },
  { pattern: 'd-MMM-yy', text: '1-May-24', utc: '2024-05-01T00:00:00.000Z' },
  { pattern: 'MMM-yy', text: 'Sep-24', utc: '2024-09-01T00:00:00.000Z' },
  { pattern: 'MMMM-yy', text: 'September-24', utc: '2024-09-01T00:00:00.000Z' },
  { pattern: 'd-MMM', text: '15-Sep', utc: '1970-09-15T00:00:00.000Z' },
  { pattern: 'dd-MMM-yyyy', text: '15-Sep-2024', utc: '2024-09-15T00:00:00.000Z' },
  { pattern: 'MM/dd/yyyy hh:mm:ss aa', text: '09/15/2024 01:30:15 PM', utc: '2024-09-15T13:30:15.000Z' },
  { pattern: 'MM/dd/yyyy hh:mm aa', text: '09/15/2024 12:30 AM', utc: '2024-09-15T00:30:00.000Z' },
  { pattern: 'MM/dd/yy HH:mm:ss', text: '09/15/24 23:59:59', utc: '2024-09-15T23:59:59.000Z' },
  { pattern: 'MM/dd/yy HH:mm', text: '09/15/24 23:59', utc: '2024-09-15T23:59:00.000Z' },
  { pattern: 'MM/dd/yy hh:mm:ss aa', text: '09/15/24 12:00:00 PM', utc: '2024-09-15T12:00:00.000Z' },
  {
    pattern: 'MM/dd/yy hh:mm:ss',
    text: '09/15/24 11:00:00',
    utc: '2024-09-15T11:00:00.000Z',
    reportedAs: 'MM/dd/yy HH:mm:ss',
  },
  { pattern: 'MM/dd/yyyy HH:mm:ss', text: '09/15/2024 18:05:00', utc: '2024-09-15T18:05:00.000Z' },
  { pattern: 'MM/dd/yyyy HH:mm', text: '09/15/2024 18:05', utc: '2024-09-15T18:05:00.000Z' },
  { pattern: 'MMMM dd, yyyy', text: 'September 15, 2024', utc: '2024-09-15T00:00:00.000Z' },
  { pattern: 'M/d/y', text: '9/5/24', utc: '2024-09-05T00:00:00.000Z' },
  { pattern: 'M/d', text: '9/5', utc: '1970-09-05T00:00:00.000Z' },
  { pattern: 'EEEE, MMMM dd, yyyy', text: 'Sunday, September 15, 2024', utc: '2024-09-15T00:00:00.000Z' },
  { pattern: 'MM/dd/yyyy', text: '09/15/2024', utc: '2024-09-15T00:00:00.000Z', reportedAs: 'M/d/y' },
  { pattern: 'hh:mm:ss aa', text: '07:08:09 PM', utc: '1970-01-01T19:08:09.000Z' },
  { pattern: 'hh:mm aa', text: '07:08 am', utc: '1970-01-01T07:08:00.000Z' },
  { pattern: 'HH:mm:ss', text: '19:08:09', utc: '1970-01-01T19:08:09.000Z' },
  { pattern: 'HH:mm', text: '19:08', utc: '1970-01-01T19:08:00.000Z' },
  { pattern: 'yyyy-MM-dd', text: '2024-09-15', utc: '2024-09-15T00:00:00.000Z' },
];

const mixesDateAndTime = (pattern: string) => /[yMdE]/.test(pattern) && /[Hhmsa]/.test(pattern);

t.test('the 25 accepted patterns, in the order of the spec', async (t) => {
  t.equal(ACCEPTED_DATE_PATTERNS.length, 25);
  t.strictSame(
    SAMPLES.map((s) => s.pattern),
    ACCEPTED_DATE_PATTERNS,
  );
});

t.test('a Date and Time field accepts every pattern, date-only and time-only included', async (t) => {
  for (const { pattern, text, utc, reportedAs } of SAMPLES) {
    const parsed = parse(text, 'datetime');
    t.equal(new Date(parsed.epochMs).toISOString(), utc, `${pattern}: ${text}`);
    t.equal(parsed.pattern, reportedAs ?? pattern, `${text} is read as ${reportedAs ?? pattern}`);
    t.equal(parsed.hasDate, /[yMdE]/.test(parsed.pattern), `${pattern} hasDate`);
    t.equal(parsed.hasTime, /[Hhmsa]/.test(parsed.pattern), `${pattern} hasTime`);
  }
});

t.test('a Date field and a Time field refuse exactly the patterns that mix date and time', async (t) => {
  for (const kind of ['date', 'time'] as const) {
    for (const { pattern, text, utc } of SAMPLES) {
      if (mixesDateAndTime(pattern)) {
        t.throws(
          () => parse(text, kind),
          { name: 'FieldValueError', message: /holds both a date and a time/ },
          `${kind} refuses ${pattern}`,
        );
      } else {
        t.equal(iso(text, kind), utc, `${kind} accepts ${pattern}`);
      }
    }
  }
  t.throws(
    () => parse('2024-05-01 13:45', 'date'),
    { message: /a Date field does not take/ },
    'Date refuses yyyy-MM-dd HH:mm',
  );
  t.throws(
    () => parse('09/15/2024 01:30 PM', 'time'),
    { message: /a Time field does not take/ },
    'Time refuses MM/dd/yyyy hh:mm aa',
  );
  t.equal(parse('2024-05-01', 'datetime').pattern, 'yyyy-MM-dd', 'DateTime takes yyyy-MM-dd');
  t.equal(parse('13:45', 'datetime').pattern, 'HH:mm', 'DateTime takes HH:mm');
});

t.test('the error lists the patterns the field accepts', async (t) => {
  const message = (kind: DateKind): string => {
    try {
      parse('tomorrow', kind);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('not refused');
  };
  for (const pattern of ACCEPTED_DATE_PATTERNS)
    t.ok(message('datetime').includes(pattern), `Date and Time lists ${pattern}`);
  t.match(message('datetime'), /"tomorrow" is not in an accepted date\/time pattern/);
  t.match(message('datetime'), /ISO-8601.*epoch milliseconds/);
  t.equal(patternsFor('date').length, 15, 'the 10 mixed patterns are left out');
  t.strictSame(patternsFor('date'), patternsFor('time'));
  for (const pattern of patternsFor('date')) t.ok(message('date').includes(`${pattern}`), `Date lists ${pattern}`);
  t.notOk(message('date').includes('yyyy-MM-dd HH:mm'), 'Date does not list a mixed pattern');
  t.match(message('time'), /for a Time field/);
});

t.test('impossible dates and times are refused, not rolled over', async (t) => {
  const impossible = [
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-05-00',
    '2024-05-01 25:00',
    '2024-05-01 24:00:00',
    '2024-05-01 10:60',
    '2024-05-01 10:00:60',
    '13/01/2024',
    '09/31/2024',
    '02/30/24 10:00',
    '13:00 PM',
    '00:30 AM',
    '25:00',
    '12:61:00',
    '31-Feb-24',
    'Monday, September 15, 2024',
    '2024-02-30T10:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T10:00:00+25:00',
  ];
  for (const text of impossible)
    t.throws(
      () => parse(text, 'datetime'),
      { name: 'FieldValueError', message: /is not a possible date or time/ },
      text,
    );
  t.equal(iso('2024-02-29'), '2024-02-29T00:00:00.000Z', 'a leap day is fine');
  t.equal(iso('2000-02-29'), '2000-02-29T00:00:00.000Z', 'so is a leap century');
  t.throws(() => parse('1900-02-29', 'datetime'), { message: /not a possible/ }, 'but not a plain century');
});

t.test('text in no pattern is refused', async (t) => {
  const refused = [
    'tomorrow',
    '2024/05/01',
    '2024-05-01T',
    '15-Sept-2024',
    '10:00 XM',
    '1714557600000',
    '05/01/24 10:00 AM extra',
    '5/1/024',
    '2024-05-01  10:00',
    'Sun, September 15, 2024',
  ];
  for (const text of refused)
    t.throws(
      () => parse(text, 'datetime'),
      { name: 'FieldValueError', message: /not in an accepted date\/time pattern/ },
      text,
    );
});

t.test('numbers take one or two digits, names and AM/PM any letter case, as in Java', async (t) => {
  t.equal(iso('2024-5-1'), '2024-05-01T00:00:00.000Z');
  t.equal(iso('5/1/2024 9:05'), '2024-05-01T09:05:00.000Z');
  t.equal(iso('  SEPTEMBER 5, 2024 '), '2024-09-05T00:00:00.000Z', 'surrounding blanks are ignored');
  t.equal(iso('1-sep-24'), '2024-09-01T00:00:00.000Z');
  t.equal(iso('12:00:00 am'), '1970-01-01T00:00:00.000Z', '12 AM is midnight');
  t.equal(iso('12:00 PM'), '1970-01-01T12:00:00.000Z', '12 PM is noon');
  t.equal(iso('5/1/1924'), '1924-05-01T00:00:00.000Z', 'y with four digits is the year itself');
});

t.test('two-digit years land within 80 years before and 20 after now', async (t) => {
  t.equal(iso('1-Jan-44'), '2044-01-01T00:00:00.000Z');
  t.equal(iso('1-Jan-46'), '1946-01-01T00:00:00.000Z');
  t.equal(iso('1-Dec-45'), '1945-12-01T00:00:00.000Z', 'the first year of the century, after its start');
  t.equal(iso('1-Jan-45'), '2045-01-01T00:00:00.000Z', 'the first year of the century, before its start');
  t.equal(iso('Sep-99'), '1999-09-01T00:00:00.000Z');
  t.equal(iso('01/01/00 00:00'), '2000-01-01T00:00:00.000Z');
  t.equal(iso('5/1/24'), '2024-05-01T00:00:00.000Z');
  t.equal(
    new Date(parseLegacyDate('1-Jan-44', 'date', Date.UTC(2090, 0, 1)).epochMs).getUTCFullYear(),
    2044,
    'the pivot moves with now',
  );
  t.equal(new Date(parseLegacyDate('1-Jan-15', 'date', Date.UTC(2090, 0, 1)).epochMs).getUTCFullYear(), 2015);
  t.equal(new Date(parseLegacyDate('1-Jan-09', 'date', Date.UTC(2090, 0, 1)).epochMs).getUTCFullYear(), 2109);
});

t.test('ISO-8601 and epoch milliseconds are accepted by every kind', async (t) => {
  const accepted: ReadonlyArray<readonly [string | number, string]> = [
    ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00:00.123Z', '2024-05-01T10:00:00.123Z'],
    ['2024-05-01T10:00:00.123456Z', '2024-05-01T10:00:00.123Z'],
    ['2024-05-01T12:00:00+02:00', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T05:30:00-0430', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T13:00+03', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00:00', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01t10:00:00z', '2024-05-01T10:00:00.000Z'],
    [1714557600000, '2024-05-01T10:00:00.000Z'],
    [0, '1970-01-01T00:00:00.000Z'],
    [-86400000, '1969-12-31T00:00:00.000Z'],
  ];
  for (const kind of ['date', 'time', 'datetime'] as const) {
    for (const [input, utc] of accepted) t.equal(iso(input, kind), utc, `${kind}: ${input}`);
  }
  t.equal(parse('2024-05-01T10:00:00Z', 'date').pattern, 'ISO-8601');
  t.equal(parse(0, 'date').pattern, 'epoch milliseconds');
  for (const number of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 9e15]) {
    t.throws(
      () => parse(number, 'datetime'),
      { name: 'FieldValueError', message: /not a whole number of epoch milliseconds/ },
      String(number),
    );
  }
});
