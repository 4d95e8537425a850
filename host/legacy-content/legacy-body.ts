import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { LegacyForm } from '../../core/legacy-save/legacy-form.js';
import { jsonBodyParser } from '../http/body-parsers.js';

/** The formats a legacy save's members come in (a whole body, or a multipart part). */
export type LegacyFormat = 'json' | 'xml' | 'urlencoded';

/** The format of a media type, if it is one of them. */
export function formatOf(mediaType: string): LegacyFormat | undefined {
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json';
  if (mediaType === 'application/xml' || mediaType === 'text/xml') return 'xml';
  if (mediaType === 'application/x-www-form-urlencoded') return 'urlencoded';
  return undefined;
}

/** Reads members in one of the formats. */
export function readLegacyForm(format: LegacyFormat, text: string): Record<string, unknown> {
  switch (format) {
    case 'json':
      return readJson(text);
    case 'xml':
      return readXml(text);
    case 'urlencoded':
      return readUrlEncoded(text);
  }
}

function readJson(text: string): Record<string, unknown> {
  const value = jsonBodyParser.parse(Buffer.from(text, 'utf8'), { mediaType: 'application/json', parameters: {} });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CmsError(Errors.LEGACY_BODY_NOT_OBJECT, { format: 'JSON' });
  }
  return value as Record<string, unknown>;
}

/** `a=1&b=x+y`: keys and values URL-decoded (`+` is a space); a key sent twice is a list. */
function readUrlEncoded(text: string): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const before = form[key];
    form[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return form;
}

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

const unreadable = (problem: string) => new CmsError(Errors.LEGACY_XML_UNREADABLE, { problem });

/** `<content><title>Hello</title>...</content>`: one child element per member, its text the value. */
function readXml(text: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw unreadable('DOCTYPE and entity declarations are not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw unreadable(`${valid.err.msg} (line ${valid.err.line})`);
  const document = xmlParser.parse(text) as Record<string, unknown>;
  const roots = Object.keys(document);
  if (roots.length !== 1 || roots[0] !== 'content') throw unreadable('the root element must be <content>');
  const content = document.content;
  if (content === '' || content === undefined) return {};
  if (typeof content !== 'object' || content === null) throw unreadable('<content> must hold one element per field');
  const form: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(content as Record<string, unknown>)) {
    if (name === '#text') {
      if (String(value).trim() !== '') throw unreadable('<content> must hold elements, not text');
      continue;
    }
    form[name] = Array.isArray(value) ? value.map((v) => xmlText(name, v)) : xmlText(name, value);
  }
  return form;
}

function xmlText(name: string, value: unknown): string {
  if (typeof value === 'string') return decodeReferences(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw unreadable(`<${name}> must hold text, not elements`);
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

/** The members of a whole body, by its media type. */
export function legacyFormOfBody(format: LegacyFormat, raw: Buffer): LegacyForm {
  return readLegacyForm(format, raw.toString('utf8'));
}
