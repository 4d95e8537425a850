import { CmsError, Errors } from '../../core/errors/index.js';
import { MAX_JSON_DEPTH } from '../http/body-parsers.js';
import { Refused, tooManyValues, type LegacyRefusal } from './legacy-refusal.js';
import { addMember, membersObject } from './legacy-members.js';
import { readXml } from './legacy-xml.js';

/** The formats a legacy save's members come in (a whole body, or a multipart part). */
export type LegacyFormat = 'json' | 'xml' | 'urlencoded';

/** The format of a media type, if it is one of them. */
export function formatOf(mediaType: string): LegacyFormat | undefined {
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json';
  if (mediaType === 'application/xml' || mediaType === 'text/xml') return 'xml';
  if (mediaType === 'application/x-www-form-urlencoded') return 'urlencoded';
  return undefined;
}

/** The members read from a body or part, and how many values they hold (see `legacy.content.max.values`). */
export interface LegacyRead {
  form: Record<string, unknown>;
  values: number;
}

/** What reading gives: the members, or why the body is refused (plain data, so a worker can send either). */
export type LegacyOutcome = LegacyRead | { refused: LegacyRefusal };

/**
 * Reads members in one of the formats, holding at most `maxValues` values. Every reader is linear in
 * its input and stops as soon as the values exceed the limit, before it builds anything from them.
 * Never throws for what a client sent: a body it cannot read comes back as a refusal.
 */
export function readLegacyBody(format: LegacyFormat, body: Uint8Array | string, maxValues: number): LegacyOutcome {
  const text =
    typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  try {
    switch (format) {
      case 'json':
        return readJson(text, maxValues);
      case 'xml':
        return readXml(text, maxValues);
      case 'urlencoded':
        return readUrlEncoded(text, maxValues);
    }
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    throw error;
  }
}

/** Reads members in one of the formats, here and now; throws the catalogue error a refused body is answered with. */
export function readLegacyForm(format: LegacyFormat, text: string, maxValues: number): LegacyRead {
  const outcome = readLegacyBody(format, text, maxValues);
  if ('refused' in outcome) throw refusalError(outcome.refused);
  return outcome;
}

/** The error a refusal is answered with. */
export function refusalError(refusal: LegacyRefusal): CmsError {
  switch (refusal.code) {
    case 'LEGACY_XML_UNREADABLE':
      return new CmsError(Errors.LEGACY_XML_UNREADABLE, { problem: refusal.problem });
    case 'LEGACY_BODY_NOT_OBJECT':
      return new CmsError(Errors.LEGACY_BODY_NOT_OBJECT, { format: refusal.format });
    case 'LEGACY_BODY_TOO_MANY_VALUES':
      return new CmsError(Errors.LEGACY_BODY_TOO_MANY_VALUES, { limit: refusal.limit });
    case 'HTTP_BODY_INVALID_JSON':
      return new CmsError(Errors.HTTP_BODY_INVALID_JSON);
    case 'HTTP_BODY_TOO_DEEP':
      return new CmsError(Errors.HTTP_BODY_TOO_DEEP, { depth: refusal.depth });
  }
}

function readJson(text: string, maxValues: number): LegacyRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refused({ code: 'HTTP_BODY_INVALID_JSON' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Refused({ code: 'LEGACY_BODY_NOT_OBJECT', format: 'JSON' });
  }
  return { form: value as Record<string, unknown>, values: countJsonValues(value, maxValues) };
}

/**
 * The members and items of a parsed JSON value, at any depth; refused past `maxValues`, or deeper
 * than `MAX_JSON_DEPTH`, as soon as the walk gets there.
 */
function countJsonValues(root: object, maxValues: number): number {
  let values = 0;
  const walk = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object') return;
    if (depth > MAX_JSON_DEPTH) throw new Refused({ code: 'HTTP_BODY_TOO_DEEP', depth: MAX_JSON_DEPTH });
    for (const member of Array.isArray(value) ? value : Object.values(value)) {
      if (++values > maxValues) throw tooManyValues(maxValues);
      walk(member, depth + 1);
    }
  };
  walk(root, 1);
  return values;
}

/**
 * `a=1&b=x+y`: keys and values URL-decoded (`+` is a space); a key sent twice is a list. The pairs
 * are counted before any is decoded, so a body of more than `maxValues` costs one scan.
 */
function readUrlEncoded(text: string, maxValues: number): LegacyRead {
  let values = 0;
  for (let start = 0; start <= text.length;) {
    const amp = text.indexOf('&', start);
    const end = amp === -1 ? text.length : amp;
    // Empty pairs (`a=1&&b=2`) are skipped by the decoder too.
    if (end > start && ++values > maxValues) throw tooManyValues(maxValues);
    if (amp === -1) break;
    start = amp + 1;
  }
  // NOTE: the decoder turns each `+` into a space by building the string a character at a time (a
  // second for 8 MB of them); `%20` means the same and is decoded natively.
  const params = new URLSearchParams(text.includes('+') ? text.replaceAll('+', '%20') : text);
  const members = new Map<string, unknown>();
  for (const [key, value] of params) addMember(members, key, value);
  return { form: membersObject(members), values };
}
