import t from 'tap';
import { ParsedTemplates } from '../../../core/workflow/parsed-templates.js';

const parser = () => {
  const calls: string[] = [];
  return { calls, parse: (source: string) => (calls.push(source), { source, nested: { parts: [source] } }) };
};

t.test('parses a source once and answers the same parse afterwards', async (t) => {
  const cache = new ParsedTemplates<object>(100);
  const { calls, parse } = parser();
  const first = cache.get('a', parse);
  t.equal(cache.get('a', parse), first);
  t.same(calls, ['a']);
});

t.test('an edited source is parsed afresh', async (t) => {
  const cache = new ParsedTemplates<{ source: string }>(100);
  const { calls, parse } = parser();
  cache.get('Hello $name', parse);
  t.equal(cache.get('Hi $name', parse).source, 'Hi $name');
  t.same(calls, ['Hello $name', 'Hi $name']);
});

t.test('the parse is frozen, nested parts included, so that no render can change it for the next', async (t) => {
  const cache = new ParsedTemplates<{ nested: { parts: string[] } }>(100);
  const parsed = cache.get('a', parser().parse);
  t.ok(Object.isFrozen(parsed));
  t.ok(Object.isFrozen(parsed.nested.parts));
  t.throws(() => parsed.nested.parts.push('b'));
});

t.test('keeps sources up to its size, dropping the least recently used first', async (t) => {
  const cache = new ParsedTemplates<object>(6);
  const { calls, parse } = parser();
  cache.get('aa', parse);
  cache.get('bb', parse);
  cache.get('cc', parse);
  cache.get('aa', parse); // used again: bb is now the oldest
  cache.get('dd', parse);
  t.equal(cache.size, 3);
  cache.get('aa', parse);
  cache.get('cc', parse);
  cache.get('bb', parse);
  t.same(calls, ['aa', 'bb', 'cc', 'dd', 'bb']);
});

t.test('a source larger than the whole cache is parsed each time and pushes nothing out', async (t) => {
  const cache = new ParsedTemplates<object>(4);
  const { calls, parse } = parser();
  cache.get('ab', parse);
  cache.get('too long', parse);
  cache.get('too long', parse);
  cache.get('ab', parse);
  t.same(calls, ['ab', 'too long', 'too long']);
});

t.test('a source that fails to parse is not kept', async (t) => {
  const cache = new ParsedTemplates<object>(100);
  let calls = 0;
  const failing = () => {
    calls++;
    throw new Error('bad');
  };
  t.throws(() => cache.get('x', failing), /bad/);
  t.throws(() => cache.get('x', failing), /bad/);
  t.equal(calls, 2);
  t.equal(cache.size, 0);
});
