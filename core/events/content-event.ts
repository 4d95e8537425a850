import type { ContentType } from '../model/content-type.js';
import type { Contentlet } from '../model/contentlet.js';
import {
  PERMISSION_READ_BIT,
  type ContentAction,
  type ContentKind,
  type RaisedEvent,
  type SystemEventType,
} from './system-event.js';

/** The original's event suffixes by base type; any other base type is `BASE_CONTENT`. */
const KIND_OF_BASE_TYPE: Readonly<Record<string, ContentKind>> = {
  HTMLPAGE: 'PAGE_ASSET',
  FILEASSET: 'FILE_ASSET',
};

export function contentEventType(action: ContentAction, type: ContentType): SystemEventType {
  return `${action}_${KIND_OF_BASE_TYPE[type.baseType] ?? 'BASE_CONTENT'}`;
}

/**
 * The event of a content change: the item as the change left it, delivered to users who may read
 * it. The data is a summary, not the whole item: values can be large, and a client that wants them
 * reads the item, with the permission checks of a read.
 */
export function contentEvent(action: ContentAction, item: Contentlet, type: ContentType, now: number): RaisedEvent {
  const { version, state, identifier } = item;
  return {
    event: {
      event: contentEventType(action, type),
      creationDate: now,
      payload: {
        type: 'contentlet',
        data: {
          identifier: identifier.identifier,
          inode: version.inode,
          title: version.title,
          contentType: type.variable,
          baseType: type.baseType,
          languageId: version.languageId,
          modUser: version.modUser,
          modDate: version.modDate,
          host: identifier.host,
          folder: identifier.folder,
          live: state.liveInode !== null && state.liveInode === version.inode,
          working: state.workingInode === version.inode,
          archived: state.archived,
        },
        visibility: 'PERMISSION',
        visibilityValue: PERMISSION_READ_BIT,
      },
    },
    audience: { kind: 'content', identifier },
  };
}
