import { defineProperties } from '../../../core/config/properties.js';

/** The asset store, and who may read and write content through which interfaces. */
export const CONTENT_PROPERTIES = defineProperties({
  'assets.driver': {
    default: 'local',
    group: 'Uploads',
    description:
      'Where uploaded files (Binary field values) are stored: `local` (files under the data directory), or the name of an asset store a plugin contributes.',
  },
  'assets.sweep.seconds': {
    type: 'int',
    default: 3600,
    min: 0,
    group: 'Uploads',
    description:
      'How often files that no content references any more (their items, languages or content types deleted, or their save cut short by a crash) are deleted from the asset store; `0` turns the sweep off. Each process sweeps on its own; deleting a file twice is harmless. A store that cannot list its files is never swept.',
  },
  'assets.sweep.grace.seconds': {
    type: 'int',
    default: 3600,
    min: 60,
    group: 'Uploads',
    description:
      'Files written more recently than this are never swept, referenced or not, so that a file whose save is still in flight is never taken. Keep it well above the longest save and any clock difference between the processes and the asset store.',
  },
  CONTENT_APIS_ALLOW_ANONYMOUS: {
    type: 'oneOf',
    values: ['NONE', 'READ', 'WRITE'],
    default: 'NONE',
    group: 'Content access',
    description:
      '`NONE`, `READ` or `WRITE`: what anonymous callers may do through the content interfaces. With `NONE` they get 401; with `READ` (or `WRITE`) they read live versions only.',
  },
  REST_API_REJECT_WITH_NO_USER: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `false` (and the previous setting allows it) the legacy content interface accepts anonymous writes.',
  },
  'legacy.content.max.values': {
    type: 'int',
    default: 1000,
    min: 1,
    group: 'Content access',
    description:
      'Most values one legacy content save (`/api/content/save/1` and the like) may send: each member counts, each value of a key sent more than once, each element of an XML body, each member and item of a JSON body at any depth, each text part of a multipart body. A content type has at most a few hundred fields. More gets 413 (`LEGACY_BODY_TOO_MANY_VALUES`), found in one scan before anything is built from the body.',
  },
  'legacy.content.worker.bytes': {
    type: 'int',
    default: 64 * 1024,
    min: 0,
    group: 'Content access',
    defaultText: '`65536` (64 KiB)',
    description:
      'Legacy content save bodies (and `json`, `xml` or `urlencoded` parts) larger than this are read on a worker thread, one for the process, started by the first such body and ended after a minute without one, so that reading them keeps no other request waiting (a body of 10 MiB of XML takes about a second and a half). Smaller ones are read where they arrive.',
  },
  ENABLE_NAV_PERMISSION_CHECK: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `true` (also read as `ENABLE_NAV_PERMISSION`) the navigation interface returns only items the caller may view (READ on each folder, page, file and menu link), as every other read does. `false` gives every caller who may read the site the whole tree, as the original does by default: titles and paths of pages the caller may not read included.',
  },
  'content.answers.cache.entries': {
    type: 'int',
    default: 10_000,
    min: 0,
    group: 'Content access',
    description:
      "Most answers of `GET /api/v1/content/{id}` each process keeps, serialised (one per item, language and live or working version asked for; least recently used first out). A kept answer is sent again only while the item's states and the definitions token are those it was built under, read afresh for every request, so a write through any process is seen at once; who may have it is decided for every request. `0` keeps none.",
  },
  'content.answers.cache.bytes': {
    type: 'int',
    default: 64 * 1024 * 1024,
    min: 0,
    group: 'Content access',
    defaultText: '`67108864` (64 MiB)',
    description:
      'Most bytes the kept answers of `GET /api/v1/content/{id}` hold in each process (an answer with its gzip encoding, made for the first caller that takes gzip); least recently used first out.',
  },
  DEFAULT_FILE_TO_DEFAULT_LANGUAGE: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `true`, a file served by its path or its `/dA/` URL that has no live version in the language asked for (`language_id`) is served in the default language instead of answering 404; navigation trees list such a file in the default language.',
  },
  DEFAULT_PAGE_TO_DEFAULT_LANGUAGE: {
    type: 'bool',
    default: true,
    group: 'Content access',
    description:
      'When `true`, a navigation tree lists a page that has no live version in the language asked for in the default language instead of leaving it out.',
  },
});
