import t from 'tap';
import { timeOrderedId } from '../../core/time-ordered-id.js';

t.test('a version 7 UUID: the time first, so later ids sort after earlier ones', async (t) => {
  const before = Date.now();
  const id = timeOrderedId();
  t.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const millis = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
  t.ok(millis >= before && millis <= Date.now(), 'its first 48 bits are the time in milliseconds');
  const ids = Array.from({ length: 1000 }, () => timeOrderedId());
  t.equal(new Set(ids).size, 1000, 'distinct');
  // The next millisecond, by the clock itself (ids of one millisecond are in no order among themselves).
  const last = Date.now();
  while (Date.now() === last);
  const later = timeOrderedId();
  t.ok(
    ids.every((earlier) => earlier < later),
    'an id made in a later millisecond sorts after',
  );
});
