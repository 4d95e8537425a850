import { FieldValueError } from '../../core/plugin/kit.js';

/**
 * The date/time patterns the legacy content-save interface accepts, in the order they are tried
 * (Java SimpleDateFormat letters). The first pattern that matches decides, as in the original.
 */
export const ACCEPTED_DATE_PATTERNS = [
  'yyyy-MM-dd HH:mm:ss',
  'yyyy-MM-dd HH:mm',
  'd-MMM-yy',
  'MMM-yy',
  'MMMM-yy',
  'd-MMM',
  'dd-MMM-yyyy',
  'MM/dd/yyyy hh:mm:ss aa',
  'MM/dd/yyyy hh:mm aa',
  'MM/dd/yy HH:mm:ss',
  'MM/dd/yy HH:mm',
  'MM/dd/yy hh:mm:ss aa',
  'MM/dd/yy hh:mm:ss',
  'MM/dd/yyyy HH:mm:ss',
  'MM/dd/yyyy HH:mm',
  'MMMM dd, yyyy',
  'M/d/y',
  'M/d',
  'EEEE, MMMM dd, yyyy',
  'MM/dd/yyyy',
  'hh:mm:ss aa',
  'hh:mm aa',
  'HH:mm:ss',
  'HH:mm',
  'yyyy-MM-dd',
] as const;

/** Which field asks: a Date field, a Time field, or a Date and Time field. */
export type DateKind = 'date' | 'time' | 'datetime';

export interface ParsedDate {
  epochMs: number;
  /** The pattern that matched, or `ISO-8601`, or `epoch milliseconds`. */
  pattern: string;
  hasDate: boolean;
  hasTime: boolean;
}

export const ISO_PATTERN = 'ISO-8601';
export const EPOCH_PATTERN = 'epoch milliseconds';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const KIND_NAMES: Record<DateKind, string> = {
  date: 'a Date field',
  time: 'a Time field',
  datetime: 'a Date and Time field',
};
/** The range of a JavaScript Date. */
const MAX_EPOCH_MS = 8.64e15;

/** What a pattern's letters captured; absent parts default like Java's cleared Calendar (1970-01-01 00:00:00). */
interface Parts {
  year?: number;
  /** Set for a two-digit year, which the century pivot turns into a full year. */
  shortYear?: number;
  month?: number;
  day?: number;
  weekday?: number;
  hour?: number;
  hour12?: number;
  pm?: boolean;
  minute?: number;
  second?: number;
}

interface Letters {
  source: string;
  set(parts: Parts, text: string): void;
}

const numeric = (key: 'month' | 'day' | 'hour' | 'hour12' | 'minute' | 'second'): Letters => ({
  // Java reads numeric fields by value, not by the letter count: `MM` takes `5` as well as `05`.
  source: '(\\d{1,2})',
  set: (parts, text) => (parts[key] = Number(text)),
});

const named = (names: readonly string[], key: 'month' | 'weekday', offset: number): Letters => ({
  source: `(${names.join('|')})`,
  set: (parts, text) => (parts[key] = names.findIndex((n) => n.toLowerCase() === text.toLowerCase()) + offset),
});

/**
 * The letters in use. Years are stricter than Java, which reads `yyyy` = `24` as the year 24 and `yy`
 * = `2024` as 2024: that would make the four-digit patterns unreachable behind the two-digit ones.
 */
const LETTERS: Record<string, Letters> = {
  yyyy: { source: '(\\d{4})', set: (parts, text) => (parts.year = Number(text)) },
  yy: { source: '(\\d{2})', set: (parts, text) => (parts.shortYear = Number(text)) },
  y: {
    source: '(\\d{4}|\\d{2})',
    set: (parts, text) => (text.length === 2 ? (parts.shortYear = Number(text)) : (parts.year = Number(text))),
  },
  MMMM: named(MONTHS, 'month', 1),
  MMM: named(
    MONTHS.map((m) => m.slice(0, 3)),
    'month',
    1,
  ),
  MM: numeric('month'),
  M: numeric('month'),
  dd: numeric('day'),
  d: numeric('day'),
  EEEE: named(WEEKDAYS, 'weekday', 0),
  HH: numeric('hour'),
  hh: numeric('hour12'),
  mm: numeric('minute'),
  ss: numeric('second'),
  aa: { source: '(AM|PM)', set: (parts, text) => (parts.pm = text.toUpperCase() === 'PM') },
};

interface CompiledPattern {
  pattern: string;
  regex: RegExp;
  letters: Letters[];
  hasDate: boolean;
  hasTime: boolean;
}

function compile(pattern: string): CompiledPattern {
  const letters: Letters[] = [];
  let source = '';
  for (const [token] of pattern.matchAll(/([a-zA-Z])\1*|[^a-zA-Z]+/g)) {
    const reader = LETTERS[token];
    if (reader) {
      letters.push(reader);
      source += reader.source;
    } else {
      if (/[a-zA-Z]/.test(token)) throw new Error(`Unsupported date pattern letters ${token}`);
      source += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return {
    pattern,
    regex: new RegExp(`^${source}$`, 'i'),
    letters,
    hasDate: /[yMdE]/.test(pattern),
    hasTime: /[Hhmsa]/.test(pattern),
  };
}

const COMPILED = ACCEPTED_DATE_PATTERNS.map(compile);

/**
 * Parses a submitted date/time value strictly: impossible dates and times (Feb 30, hour 25, minute
 * 60, a weekday that does not fit the date) are refused, not rolled over as a lenient Java parser would.
 *
 * Values are interpreted in UTC. The original used the server's time zone, which makes the stored
 * instant depend on where the server runs; UTC keeps it reproducible, and ISO-8601 values with an
 * offset let clients say exactly what they mean.
 *
 * A Date field or a Time field refuses a pattern that holds both a date and a time; a Date and Time
 * field takes every pattern. ISO-8601 strings and JSON numbers of epoch milliseconds are taken by
 * every kind, since REST clients send those.
 *
 * @param now the reference for two-digit years, which land within 80 years before and 20 after it, as in Java.
 */
export function parseLegacyDate(value: unknown, allowed: DateKind, now: number = Date.now()): ParsedDate {
  if (typeof value === 'number') return fromEpoch(value, allowed);
  if (typeof value !== 'string')
    throw new FieldValueError(`must be a date/time string or a number of epoch milliseconds. ${acceptedList(allowed)}`);
  const text = value.trim();
  let impossible = false;
  for (const compiled of COMPILED) {
    const match = compiled.regex.exec(text);
    if (!match) continue;
    const epochMs = toEpoch(compiled, match, now);
    if (epochMs === undefined) {
      impossible = true;
      continue;
    }
    if (allowed !== 'datetime' && compiled.hasDate && compiled.hasTime) {
      throw new FieldValueError(
        `"${text}" holds both a date and a time, which ${KIND_NAMES[allowed]} does not take. ${acceptedList(allowed)}`,
      );
    }
    return { epochMs, pattern: compiled.pattern, hasDate: compiled.hasDate, hasTime: compiled.hasTime };
  }
  const iso = ISO.exec(text);
  const epochMs = iso ? fromIso(iso) : undefined;
  if (epochMs !== undefined) return { epochMs, pattern: ISO_PATTERN, hasDate: true, hasTime: true };
  const problem = impossible || iso ? 'is not a possible date or time' : 'is not in an accepted date/time pattern';
  throw new FieldValueError(`"${text}" ${problem}. ${acceptedList(allowed)}`);
}

/** The patterns a kind takes: all of them, less the date-and-time ones for a Date or a Time field. */
export function patternsFor(allowed: DateKind): string[] {
  return COMPILED.filter((c) => allowed === 'datetime' || !(c.hasDate && c.hasTime)).map((c) => c.pattern);
}

function acceptedList(allowed: DateKind): string {
  return `Accepted patterns for ${KIND_NAMES[allowed]}: ${patternsFor(allowed).join(', ')}; or ISO-8601 (2024-05-01T10:00:00Z); or a number of epoch milliseconds.`;
}

function fromEpoch(value: number, allowed: DateKind): ParsedDate {
  if (!Number.isInteger(value) || Math.abs(value) > MAX_EPOCH_MS) {
    throw new FieldValueError(`${value} is not a whole number of epoch milliseconds. ${acceptedList(allowed)}`);
  }
  return { epochMs: value, pattern: EPOCH_PATTERN, hasDate: true, hasTime: true };
}

function toEpoch(compiled: CompiledPattern, match: RegExpExecArray, now: number): number | undefined {
  const parts: Parts = {};
  compiled.letters.forEach((reader, i) => reader.set(parts, match[i + 1]!));
  if (parts.hour12 !== undefined && (parts.hour12 < 1 || parts.hour12 > 12)) return undefined;
  // Without `aa` a 12-hour clock reads as AM, as in Java.
  const hour = parts.hour12 === undefined ? parts.hour : (parts.hour12 % 12) + (parts.pm ? 12 : 0);
  if (parts.shortYear === undefined) return utc(parts.year ?? 1970, parts, hour);
  // Java's pivot: the two digits name the year within [now - 80 years, now + 20 years).
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - 80);
  const startYear = start.getUTCFullYear();
  const year = Math.floor(startYear / 100) * 100 + parts.shortYear + (parts.shortYear < startYear % 100 ? 100 : 0);
  const epochMs = utc(year, parts, hour);
  if (epochMs === undefined || year !== startYear || epochMs >= start.getTime()) return epochMs;
  return utc(year + 100, parts, hour);
}

function utc(year: number, parts: Parts, hour = 0): number | undefined {
  const { month = 1, day = 1, minute = 0, second = 0 } = parts;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not turn years 0-99 into 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (parts.weekday !== undefined && date.getUTCDay() !== parts.weekday) return undefined;
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/i;

/** ISO-8601 date and time, checked as strictly as the patterns; without an offset the value is UTC, like every other pattern here. */
function fromIso(match: RegExpExecArray): number | undefined {
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second = '0',
    fraction = '',
    zone = 'Z',
    offsetHours = '0',
    offsetMinutes = '0',
  ] = match;
  const epochMs = utc(
    Number(year),
    { month: Number(month), day: Number(day), minute: Number(minute), second: Number(second) },
    Number(hour),
  );
  if (epochMs === undefined || Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
  const sign = zone.startsWith('-') ? -1 : 1;
  const offsetMs = zone.toUpperCase() === 'Z' ? 0 : sign * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return epochMs + Number(fraction.padEnd(3, '0').slice(0, 3)) - offsetMs;
}
