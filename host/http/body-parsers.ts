import { CmsError, Errors } from '../../core/errors/index.js';

/**
 * Reads a request body of one or more media types into a value the route's schema then checks.
 * Parsers throw catalogue errors for bodies they cannot read.
 */
export interface BodyParser {
  /** Lower-case media types without parameters (`application/json`). */
  readonly mediaTypes: readonly string[];
  parse(raw: Buffer, contentType: ContentType): unknown;
}

/** A parsed `Content-Type` header. */
export interface ContentType {
  /** Lower-case, without parameters. */
  mediaType: string;
  /** Parameter names lower-case (`charset`, `boundary`). */
  parameters: Readonly<Record<string, string>>;
}

export const JSON_MEDIA_TYPE = 'application/json';

/** `application/json; charset=utf-8` → `{ mediaType: 'application/json', parameters: { charset: 'utf-8' } }`. */
export function parseContentType(header: string | undefined): ContentType | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const [type = '', ...rest] = header.split(';');
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq > 0)
      parameters[part.slice(0, eq).trim().toLowerCase()] = part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { mediaType: type.trim().toLowerCase(), parameters };
}

/**
 * The body parsers, by media type. JSON is built in; url-encoded, multipart and XML readers register
 * here too, and a route names the media types it takes.
 */
export class BodyParsers {
  private readonly byType = new Map<string, BodyParser>();

  constructor(parsers: readonly BodyParser[] = [jsonBodyParser]) {
    for (const parser of parsers) this.register(parser);
  }

  register(parser: BodyParser): void {
    for (const type of parser.mediaTypes) {
      if (this.byType.has(type)) throw new Error(`A body parser for ${type} is registered twice`);
      this.byType.set(type, parser);
    }
  }

  /** The parser for a media type; `+json` suffixes (`application/merge-patch+json`) are JSON. */
  find(mediaType: string): BodyParser | undefined {
    return this.byType.get(mediaType) ?? (mediaType.endsWith('+json') ? this.byType.get(JSON_MEDIA_TYPE) : undefined);
  }
}

/** Deeper JSON than this is refused: no legitimate body nests this far, and deep input endangers recursive code. */
export const MAX_JSON_DEPTH = 64;

export const jsonBodyParser: BodyParser = {
  mediaTypes: [JSON_MEDIA_TYPE],
  parse(raw) {
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new CmsError(Errors.HTTP_BODY_INVALID_JSON);
    }
    if (exceedsDepth(value, MAX_JSON_DEPTH)) {
      throw new CmsError(Errors.HTTP_BODY_TOO_DEEP, { depth: MAX_JSON_DEPTH });
    }
    return value;
  },
};

function exceedsDepth(value: unknown, remaining: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (remaining === 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (exceedsDepth(child, remaining - 1)) return true;
  }
  return false;
}
