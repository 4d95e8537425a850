import t from 'tap';
import { withoutNulls } from '../../../core/analytics/without-nulls.js';
import { isLocalTimeWithOffset } from '../../../core/analytics/local-time.js';

t.test('members sent as null are left out, at any depth; array items and custom data are kept', async (t) => {
  const sent = JSON.parse(
    '{"a":null,"b":{"c":null,"d":1,"e":[null,{"f":null}]},"custom":{"g":null},"data":{"custom":{"h":null}}}',
  ) as unknown;
  const copy = JSON.stringify(sent);
  t.same(withoutNulls(sent), { b: { d: 1, e: [null, {}] }, custom: { g: null }, data: { custom: { h: null } } });
  t.equal(JSON.stringify(sent), copy, 'what was given is not changed');
});

t.test('a value without null members comes back as it is', async (t) => {
  const sent = JSON.parse('{"a":1,"b":{"c":[null,"x"]},"custom":{"d":null}}') as unknown;
  t.equal(withoutNulls(sent), sent);
  t.equal(withoutNulls('text'), 'text');
  t.equal(withoutNulls(null), null);
});

t.test('a sent __proto__ member stays a member, never the prototype', async (t) => {
  const cleaned = withoutNulls(JSON.parse('{"__proto__":{"polluted":true},"x":null}')) as Record<string, unknown>;
  t.equal(Object.getPrototypeOf(cleaned), Object.prototype);
  t.same(Object.keys(cleaned), ['__proto__']);
});

t.test('local times: real instants with an offset only, the last days of each month checked', async (t) => {
  for (const good of [
    '2024-02-29T10:00:00+01:00',
    '2025-06-28T23:59Z',
    '2025-01-31T00:00:00.5-05:00',
    '2025-06-30T12:00:00+02:00',
  ])
    t.ok(isLocalTimeWithOffset(good), good);
  for (const bad of [
    '2025-02-29T10:00:00+01:00',
    '2025-04-31T10:00:00+01:00',
    '2025-06-09T25:00:00+02:00',
    '2025-06-09T14:30:00',
  ])
    t.notOk(isLocalTimeWithOffset(bad), bad);
});
