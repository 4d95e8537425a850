import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

// The shapes of an ingest batch, as JSON Schema (TypeBox, the repository's one schema library, so
// the same declarations can later describe the endpoint in the OpenAPI document).
//
// Which members are required: what the original's event validators require, with the shape of
// the spec where it fixes something.
// - pageview: `page` with `url`, `title` and `doc_encoding`;
// - content_impression: `page` with `url` and `title`; `content` with `identifier`, `inode`,
//   `title` and `content_type`; `position` with `viewport_offset_pct` and `dom_index`;
// - content_click: `content` and `position` as an impression's; `element` with `text`, `type`, `id`,
//   `class` and `attributes`; a `page` may come along (the spec's click has none: the original's
//   validator wants one, which would refuse the spec's click), with `url` and `title` when it does;
// - conversion: `conversion` with `name`; `page` with `url` (`title` optional);
// - any other name (a custom event): `local_time`; `data` and its `custom` may be left out.
// NOTE: the original's validators leave the `content`, `position` and `element` objects themselves
// optional (only their members are required when they come); the spec's shapes list them, and an
// impression or a click without its content says nothing, so they are required here.
// `local_time` is required where the spec says it is present (pageview, content_impression) and on
// custom events, which the spec does not shape; the original wants it on every event, which would
// refuse the spec's click and conversion. Members
// outside a shape are refused (`UNKNOWN_FIELD`), except inside the free `custom` objects.

const closed = { additionalProperties: false } as const;

/**
 * The longest string stored in a column of its own: identifiers, names, types, `local_time` and
 * device members (MySQL keeps them in VARCHAR(255)). A longer one is refused as a problem of its
 * event rather than failing the whole batch's insert.
 */
export const MAX_SHORT_TEXT = 255;
/**
 * The longest page URL, page title or content title: MySQL's TEXT holds 65,535 bytes, and a string
 * of this many UTF-16 units takes at most three times as many bytes in UTF-8.
 */
export const MAX_LONG_TEXT = 16_384;
/** `dom_index` is stored in a 32-bit integer column. */
const INT32 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

const str = (maxLength: number = MAX_SHORT_TEXT) => Type.String({ maxLength });
const optionalString = (maxLength?: number) => Type.Optional(str(maxLength));
/** Members that are all optional strings; `maxLength` undefined leaves them unbounded (kept only in the event's JSON). */
const optionalStrings = <const Names extends readonly string[]>(names: Names, maxLength?: number) =>
  Object.fromEntries(
    names.map((name) => [name, maxLength === undefined ? Type.Optional(Type.String()) : optionalString(maxLength)]),
  ) as {
    [Name in Names[number]]: ReturnType<typeof optionalString>;
  };

/** Free JSON members the site defines (`data.custom`): any object. */
const Custom = Type.Record(Type.String(), Type.Unknown());

/** The page of a pageview: every member a string; `referrer` and `user_agent` come from the tracker. */
const PageviewPage = Type.Object(
  {
    url: str(MAX_LONG_TEXT),
    title: str(MAX_LONG_TEXT),
    doc_encoding: Type.String(),
    ...optionalStrings([
      'doc_host',
      'doc_path',
      'doc_protocol',
      'doc_search',
      'doc_hash',
      'locale_id',
      // The original's validator takes these two as well.
      'language_id',
      'persona',
      'referrer',
      'user_agent',
    ] as const),
  },
  closed,
);

/** Campaign parameters the tracker reads from the page address (`utm_source` → `source`). */
const Utm = Type.Object(optionalStrings(['source', 'medium', 'campaign', 'term', 'content', 'id'] as const), closed);

/** The page an impression or click happened on: its URL and title. */
const Page = Type.Object({ url: str(MAX_LONG_TEXT), title: str(MAX_LONG_TEXT) }, closed);
/** The page of a conversion: its title may be left out. */
const ConversionPage = Type.Object({ url: str(MAX_LONG_TEXT), title: optionalString(MAX_LONG_TEXT) }, closed);

const Content = Type.Object(
  { identifier: str(), inode: str(), title: str(MAX_LONG_TEXT), content_type: str() },
  closed,
);

/**
 * Where the content sat: `viewport_offset_pct` is relative to the viewport and negative above the
 * scroll position (not a 0-100 percentage); `dom_index` is its position among the tracked items.
 */
const Position = Type.Object({ viewport_offset_pct: Type.Number(), dom_index: Type.Integer(INT32) }, closed);

/** The clicked element; `href` is the spec's (a link's target), optional. */
const Element = Type.Object(
  {
    text: Type.String(),
    type: Type.String(),
    id: Type.String(),
    class: Type.String(),
    href: Type.Optional(Type.String()),
    /** Attributes of the clicked element, each `<name>:<value>`. */
    attributes: Type.Array(Type.String()),
  },
  closed,
);

const event = (data: TObject, localTime: 'required' | 'optional', dataPresence: 'required' | 'optional' = 'required') =>
  Type.Object(
    {
      event_type: str(),
      // NOTE: the spec leaves local_time out of the click and conversion shapes, but the tracker
      // stamps every event with it (and the original requires it): it is taken wherever it comes.
      local_time: localTime === 'required' ? str() : optionalString(),
      data: dataPresence === 'required' ? data : Type.Optional(data),
    },
    closed,
  );

/** The four event types of the spec; any other name is a custom event. */
export const KNOWN_EVENT_TYPES = ['pageview', 'content_impression', 'content_click', 'conversion'] as const;

/** One of the spec's event types. */
export type KnownEventType = (typeof KNOWN_EVENT_TYPES)[number];

/** The shape of each known event type, and of a custom event. */
export const EventShapes: Readonly<Record<KnownEventType | 'custom', TObject>> = {
  pageview: event(
    // NOTE: the tracker's pageview type also carries `custom`; the spec names it only for
    // conversions, but refusing what the real tracker sends would lose pageviews.
    Type.Object({ page: PageviewPage, utm: Type.Optional(Utm), custom: Type.Optional(Custom) }, closed),
    'required',
  ),
  content_impression: event(Type.Object({ content: Content, position: Position, page: Page }, closed), 'required'),
  content_click: event(
    Type.Object({ content: Content, element: Element, position: Position, page: Type.Optional(Page) }, closed),
    'optional',
  ),
  conversion: event(
    Type.Object(
      { conversion: Type.Object({ name: str() }, closed), page: ConversionPage, custom: Type.Optional(Custom) },
      closed,
    ),
    'optional',
  ),
  // The original's rule for every event: `event_type` and `local_time`; `data.custom` may come.
  custom: event(Type.Object({ custom: Type.Optional(Custom) }, closed), 'required', 'optional'),
};

/** `context.device`: all strings, numeric ones included (`"1280"`). */
const Device = Type.Object(
  optionalStrings(['screen_resolution', 'language', 'viewport_width', 'viewport_height'] as const, MAX_SHORT_TEXT),
  closed,
);

/** The batch without its events, which are checked one by one. */
export const BatchShape = Type.Object(
  {
    context: Type.Object(
      // NOTE: site_auth has no length check of its own: a long one is simply nobody's key
      // (INVALID_SITE_AUTH), and no problem message may repeat it.
      { site_auth: Type.String(), session_id: str(), user_id: str(), device: Type.Optional(Device) },
      closed,
    ),
    events: Type.Array(Type.Unknown()),
  },
  closed,
);

// Compiled once per thread (TypeCompiler generates a check function per shape): checking up to 500
// events a request is the hot path of the ingest workers.
const compile = <Schema extends TSchema>(schema: Schema): TypeCheck<Schema> => TypeCompiler.Compile(schema);

/** The compiled check of the batch without its events. */
export const batchCheck = compile(BatchShape);

/** Compiled checks of each event shape. */
export const eventChecks: Readonly<Record<KnownEventType | 'custom', TypeCheck<TObject>>> = {
  pageview: compile(EventShapes.pageview),
  content_impression: compile(EventShapes.content_impression),
  content_click: compile(EventShapes.content_click),
  conversion: compile(EventShapes.conversion),
  custom: compile(EventShapes.custom),
};

/** Whether an event type is one of the spec's four (anything else is a custom event). */
export function isKnownEventType(name: string): name is KnownEventType {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(name);
}
