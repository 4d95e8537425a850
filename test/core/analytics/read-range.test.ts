import t from 'tap';
import { parseRangeInstant, readRange } from '../../../core/analytics/read-range.js';

const iso = (text: string) => parseRangeInstant(text, 'from').toISOString();

t.test('a bound: a date is its midnight UTC, a time is placed by its offset', async (t) => {
  t.equal(iso('2025-06-01'), '2025-06-01T00:00:00.000Z');
  t.equal(iso('2024-02-29'), '2024-02-29T00:00:00.000Z', 'a leap day');
  t.equal(iso('2025-06-01T12:30Z'), '2025-06-01T12:30:00.000Z', 'seconds may be left out');
  t.equal(iso('2025-06-01T12:30:15.250+02:00'), '2025-06-01T10:30:15.250Z');
  t.equal(iso('2025-06-01T00:30:00-05:00'), '2025-06-01T05:30:00.000Z');
  t.equal(iso('2025-06-01T12:30:00 02:00'), '2025-06-01T10:30:00.000Z', 'an unencoded `+` arrives as a space');
  t.equal(iso(' 2025-06-01 '), '2025-06-01T00:00:00.000Z', 'blanks around are ignored');
});

t.test('a bound that names no instant is refused, naming the parameter', async (t) => {
  for (const text of [
    '',
    'today',
    '2025-6-1',
    '2025-02-29',
    '2025-06-31',
    '2025-06-01T25:00:00Z',
    '2025-06-01T12:00:00',
    '2025-06-01T12:00:00 0200',
    '2025-06-01 12:00:00+02:00',
    '1748736000000',
  ]) {
    t.throws(
      () => parseRangeInstant(text, 'to'),
      { code: 'ANALYTICS_INSTANT_INVALID', details: [{ fieldName: 'to' }] },
      text,
    );
  }
});

t.test('the range: either bound may be left out; from after to is refused, equal bounds are empty', async (t) => {
  t.same(readRange({}), { from: undefined, to: undefined });
  t.same(readRange({ from: '2025-06-01' }), { from: new Date('2025-06-01T00:00:00Z'), to: undefined });
  t.same(readRange({ from: '2025-06-01', to: '2025-06-01T02:00:00+02:00' }), {
    from: new Date('2025-06-01T00:00:00Z'),
    to: new Date('2025-06-01T00:00:00Z'),
  });
  t.throws(() => readRange({ from: '2025-06-02', to: '2025-06-01' }), {
    code: 'ANALYTICS_RANGE_INVERTED',
    details: [{ fieldName: 'from' }],
  });
});
