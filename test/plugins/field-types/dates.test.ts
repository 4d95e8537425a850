import t from 'tap';
import { dateTimeField } from '../../../plugins/field-types/date-time.js';
import { dateField } from '../../../plugins/field-types/date.js';
import { timeField } from '../../../plugins/field-types/time.js';
import { acceptsAll, field, refusesAll } from './fixtures/table.js';

const MAY_FIRST = Date.UTC(2024, 4, 1);
const TEN_AM = 10 * 3600_000;

t.test('Date: date-only and time-only patterns, ISO-8601 and epoch ms; no date with time', async (t) => {
  t.equal(dateField.dataType, 'DATE');
  await acceptsAll(t, dateField, [
    ['2024-05-01', MAY_FIRST],
    ['05/01/2024', MAY_FIRST],
    ['May 01, 2024', MAY_FIRST],
    ['1-May-24', MAY_FIRST],
    ['Wednesday, May 01, 2024', MAY_FIRST],
    ['10:00', TEN_AM],
    ['2024-05-01T10:00:00Z', MAY_FIRST + TEN_AM],
    [MAY_FIRST, MAY_FIRST],
  ]);
  await refusesAll(t, dateField, [
    ['2024-05-01 10:00', /holds both a date and a time, which a Date field does not take/],
    ['05/01/2024 10:00 AM', /holds both a date and a time/],
    ['2024-02-30', /not a possible date/],
    ['yesterday', /not in an accepted date\/time pattern.*yyyy-MM-dd/],
    [1.5, /whole number of epoch milliseconds/],
    [{ date: '2024-05-01' }, /must be a date\/time string or a number of epoch milliseconds/],
    [true, /must be a date\/time string/],
  ]);
});

t.test('Time: the same rule from the other side', async (t) => {
  await acceptsAll(t, timeField, [
    ['10:00', TEN_AM],
    ['10:00:30', TEN_AM + 30_000],
    ['10:00 AM', TEN_AM],
    ['10:00:00 pm', TEN_AM + 12 * 3600_000],
    ['2024-05-01', MAY_FIRST],
    ['2024-05-01T10:00:00+00:00', MAY_FIRST + TEN_AM],
  ]);
  await refusesAll(t, timeField, [
    ['05/01/2024 10:00 AM', /holds both a date and a time, which a Time field does not take/],
    ['2024-05-01 10:00:00', /holds both a date and a time/],
    ['25:00', /not a possible date or time/],
    ['10:60', /not a possible date or time/],
  ]);
});

t.test('Date and Time: every pattern', async (t) => {
  await acceptsAll(t, dateTimeField, [
    ['2024-05-01 10:00', MAY_FIRST + TEN_AM],
    ['05/01/2024 10:00 AM', MAY_FIRST + TEN_AM],
    ['2024-05-01', MAY_FIRST],
    ['10:00', TEN_AM],
  ]);
  await refusesAll(t, dateTimeField, [['2024-05-01 10:61', /not a possible date or time/]]);
});

t.test('stored as epoch ms, shown as epoch ms, indexed as ISO-8601', async (t) => {
  for (const type of [dateField, timeField, dateTimeField]) {
    t.equal(type.toContentMap(MAY_FIRST + TEN_AM, field()), MAY_FIRST + TEN_AM);
    t.equal(type.toIndex(MAY_FIRST + TEN_AM, field()), '2024-05-01T10:00:00.000Z');
  }
});
