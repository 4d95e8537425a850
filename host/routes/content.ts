import { InvalidInputError } from '../../core/errors.js';
import type { ContentReader } from '../../core/content/content-reader.js';
import { contentletMap } from '../../core/content/contentlet-map.js';
import type { Field } from '../../core/model/field.js';
import type { FieldType } from '../../core/plugin/field-type.js';
import { reply, route, type RouteDefinition } from '../http/route.js';
import { contentletView } from '../views/contentlet-view.js';

function readOptions(query: URLSearchParams, params: Readonly<Record<string, string>>) {
  const live = params.live ?? query.get('live');
  const language = params.language ?? query.get('language') ?? query.get('languageId');
  if (live !== undefined && live !== null && !/^(true|false)$/i.test(live))
    throw new InvalidInputError('CONTENT_LIVE_INVALID', 'live must be true or false', { fieldName: 'live' });
  if (language !== undefined && language !== null && !/^\d{1,9}$/.test(language))
    throw new InvalidInputError('LANGUAGE_NOT_FOUND', 'The provided languageId does not exist', {
      fieldName: 'languageId',
    });
  return {
    live: live == null ? undefined : live.toLowerCase() === 'true',
    languageId: language == null ? undefined : Number(language),
  };
}

/**
 * Reading content: the legacy interface (`/api/content/id/{identifier}`, `/api/content/inode/{inode}`,
 * answering `{"contentlets": [...]}`, live by default) and `/api/v1/content/{identifierOrInode}`
 * (envelope; signed-in users get the working version unless `live=true`).
 */
export function contentRoutes(
  reader: ContentReader,
  typeOf: (field: Field) => FieldType | undefined,
): RouteDefinition[] {
  const legacy = (found: Awaited<ReturnType<ContentReader['byInode']>>) =>
    reply({ contentlets: [contentletMap(found.contentlet, found.type, found.fields, typeOf)] }, { envelope: false });
  return [
    route({
      method: 'GET',
      path: '/api/content/id/:identifier',
      access: 'optional',
      handler: async ({ params, query, principal }) =>
        legacy(
          await reader.byIdentifier(principal, params.identifier!, { ...readOptions(query, {}), defaultLive: true }),
        ),
    }),
    route({
      method: 'GET',
      path: '/api/content/id/:identifier/*options',
      access: 'optional',
      handler: async ({ params, query, principal }) =>
        legacy(
          await reader.byIdentifier(principal, params.identifier!, {
            ...readOptions(query, pathOptions(params.options!)),
            defaultLive: true,
          }),
        ),
    }),
    route({
      method: 'GET',
      path: '/api/content/inode/:inode',
      access: 'optional',
      handler: async ({ params, principal }) => legacy(await reader.byInode(principal, params.inode!)),
    }),
    route({
      method: 'GET',
      path: '/api/v1/content/:id',
      access: 'optional',
      handler: async ({ params, query, principal }) =>
        contentletView(await reader.byIdentifierOrInode(principal, params.id!, readOptions(query, {})), typeOf),
    }),
  ];
}

/** The legacy interface also takes options as path segments: `/live/false/language/2`. */
function pathOptions(rest: string): Record<string, string> {
  const parts = rest.split('/');
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length; i += 2)
    if (parts[i] === 'live' || parts[i] === 'language') out[parts[i]!] = parts[i + 1]!;
  return out;
}
