import { Type } from '@sinclair/typebox';
import { PaginationSchema } from '../openapi/envelope-schema.js';
import { EpochMillis } from './schema-parts.js';

/** `messageView` (core/messages/message-view.ts): a message as its recipient reads it. */
export const UserMessageSchema = Type.Object({
  id: Type.String(),
  message: Type.String({ description: 'Rendered: the text as the recipient reads it' }),
  from: Type.String({ description: 'The user whose workflow fire left it' }),
  identifier: Type.Union([Type.String(), Type.Null()], { description: 'The content item the fire acted on' }),
  createdDate: EpochMillis,
  readDate: Type.Union([EpochMillis, Type.Null()], { description: 'Null while unread' }),
  read: Type.Boolean(),
});

/** A page of the caller's messages, with the total and the unread count. */
export const UserMessagePageSchema = Type.Object({
  messages: Type.Array(UserMessageSchema),
  pagination: PaginationSchema,
  unread: Type.Integer({ minimum: 0 }),
});
