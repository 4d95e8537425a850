import type { ContentIdentifier } from '../model/contentlet.js';

/**
 * The verbs of content events, as the original names them: its event names are `<ACTION>_<KIND>`
 * (`PUBLISH_PAGE_ASSET`). `SAVE` is a new item, `UPDATE` a new version of one that existed.
 */
export type ContentAction = 'SAVE' | 'UPDATE' | 'PUBLISH' | 'UN_PUBLISH' | 'ARCHIVE' | 'UN_ARCHIVE' | 'DELETE';

/**
 * What the event is about, after the action: the original's suffixes for pages and files, and
 * `BASE_CONTENT` for every other base type (the original raised nothing for plain content).
 */
export type ContentKind = 'PAGE_ASSET' | 'FILE_ASSET' | 'BASE_CONTENT';

/** The name on the wire (`event`): a content event or `MESSAGE` (a user message). */
export type SystemEventType = `${ContentAction}_${ContentKind}` | 'MESSAGE';

/**
 * Who may see an event, as the original's `Visibility` says it on the wire: `USER` (one user id),
 * `ROLE` (holders of a role id), `PERMISSION` (holders of a permission bit on the item),
 * `GLOBAL` (every signed-in user).
 */
export type Visibility = 'USER' | 'ROLE' | 'PERMISSION' | 'GLOBAL';

/** The READ permission bit, as `visibilityValue` of a `PERMISSION` event carries it (the original's value). */
export const PERMISSION_READ_BIT = 1;

/**
 * One event as a client receives it: one JSON text frame. The shape is public: the back office and
 * third-party clients read it.
 */
export interface SystemEvent {
  event: SystemEventType;
  /** When it happened (epoch milliseconds). */
  creationDate: number;
  payload: {
    /** The kind of `data`: `contentlet` or `message`. */
    type: 'contentlet' | 'message';
    data: Record<string, unknown>;
    visibility: Visibility;
    visibilityValue: string | number | null;
  };
}

/**
 * Who an event is delivered to, checked per connection when it is delivered. Not sent: the
 * content audience names what the permission check needs (the item's path and owner).
 */
export type EventAudience =
  { kind: 'user'; userId: string } | { kind: 'content'; identifier: ContentIdentifier } | { kind: 'everyone' };

/** An event raised by a service: what is sent, and to whom. */
export interface RaisedEvent {
  event: SystemEvent;
  audience: EventAudience;
}
