import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { LegacyRead } from './legacy-body.js';
import { addMember, membersObject } from './legacy-members.js';
import { tooManyValues, unreadableXml as unreadable } from './legacy-refusal.js';

/** `<content>` and one element per field, holding text: nothing in a legacy body nests deeper. */
const MAX_DEPTH = 2;
/**
 * The longest tag read, its name and (ignored) attributes together. The XML library's checks take
 * time that grows with the square of a tag's length (two seconds for one tag of 2 MB of spaces);
 * no tag of a legacy body comes near this.
 */
export const MAX_XML_TAG_CHARS = 1024;

/**
 * Entities are never expanded and DOCTYPEs never read, so an XML body can neither reach files nor
 * the network (XXE) nor blow up in memory (entity expansion). Attributes are ignored.
 */
const xmlParser = new XMLParser({
  processEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: false,
});

/**
 * `<content><title>Hello</title>...</content>`: one child element per member, its text the value.
 * The shape is checked first, in one linear scan that stops at the first element too many or too
 * deep, so that the library (whose parse of a deep document is quadratic, and of a wide one slow)
 * only ever sees a small tree.
 */
export function readXml(text: string, maxValues: number): LegacyRead {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw unreadable('DOCTYPE and entity declarations are not accepted');
  checkShape(text, maxValues);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw unreadable(`${valid.err.msg} (line ${valid.err.line})`);
  let document: Record<string, unknown>;
  try {
    document = xmlParser.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw unreadable((error as Error).message);
  }
  const roots = Object.keys(document);
  if (roots.length !== 1 || roots[0] !== 'content') throw unreadable('the root element must be <content>');
  const content = document.content;
  if (content === '' || content === undefined) return { form: {}, values: 0 };
  if (typeof content !== 'object' || content === null) throw unreadable('<content> must hold one element per field');
  const members = new Map<string, unknown>();
  let values = 0;
  for (const [name, value] of Object.entries(content as Record<string, unknown>)) {
    if (name === '#text') {
      if (String(value).trim() !== '') throw unreadable('<content> must hold elements, not text');
      continue;
    }
    const texts = Array.isArray(value) ? value.map((v) => xmlText(name, v)) : [xmlText(name, value)];
    for (const item of texts) addMember(members, name, item);
    values += texts.length;
  }
  return { form: membersObject(members), values };
}

function xmlText(name: string, value: unknown): string {
  if (typeof value === 'string') return decodeReferences(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw unreadable(`<${name}> must hold text, not elements`);
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/**
 * Counts elements and their depth without parsing: from one `<` to the next (comments, CDATA and
 * processing instructions skipped whole), each character looked at once at most. Refuses more
 * elements than `<content>` and `maxValues` members, nesting deeper than `MAX_DEPTH`, and tags
 * longer than `MAX_XML_TAG_CHARS`. What is malformed in other ways is left to the validator.
 */
function checkShape(text: string, maxValues: number): void {
  let depth = 0;
  let elements = 0;
  for (let at = text.indexOf('<'); at !== -1;) {
    let next: number;
    if (text.startsWith('<!--', at)) next = after(text, '-->', at + 4);
    else if (text.startsWith('<![CDATA[', at)) next = after(text, ']]>', at + 9);
    else if (text.startsWith('<?', at)) next = after(text, '?>', at + 2);
    else {
      const end = tagEnd(text, at);
      if (end === -1) return;
      const second = text.charCodeAt(at + 1);
      if (second === SLASH) {
        if (--depth < 0) throw unreadable('a closing tag has no opening tag');
      } else if (second !== BANG) {
        if (++elements > maxValues + 1) throw tooManyValues(maxValues);
        const selfClosing = text.charCodeAt(end - 1) === SLASH;
        if (!selfClosing && ++depth > MAX_DEPTH) {
          throw unreadable('elements nest deeper than <content> and one element per field, which holds text');
        }
      }
      next = end + 1;
    }
    if (next === -1) return;
    at = text.indexOf('<', next);
  }
}

/** Where the text goes on after the next `terminator` from `from`; -1 when there is none. */
function after(text: string, terminator: string, from: number): number {
  const found = text.indexOf(terminator, from);
  return found === -1 ? -1 : found + terminator.length;
}

/** The `>` that ends the tag opened at `at` (one inside a quoted attribute value does not); -1 when the text ends first. */
function tagEnd(text: string, at: number): number {
  const limit = Math.min(text.length, at + MAX_XML_TAG_CHARS);
  let quote = 0;
  for (let i = at + 1; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === GT) return i;
    else if (c === QUOTE || c === APOSTROPHE) quote = c;
    else if (c === LT) throw unreadable('a tag holds "<"');
  }
  if (limit < text.length) throw unreadable(`a tag is longer than ${MAX_XML_TAG_CHARS} characters`);
  return -1;
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The five predefined entities and character references, decoded in one pass by the service itself
 * (the parser expands none): they cannot nest or grow, unlike declared entities, which are refused.
 */
function decodeReferences(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
