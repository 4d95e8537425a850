import { Type } from '@sinclair/typebox';
import { PaginationSchema } from '../openapi/envelope-schema.js';

const Millis = Type.Integer({ description: 'Milliseconds since the epoch' });

/** `messageView` (core/messages/message-view.ts): a message as its recipient reads it. */
export const UserMessageSchema = Type.Object({
  id: Type.String(),
  message: Type.String({ description: 'Rendered: the text as the recipient reads it' }),
  from: Type.String({ description: 'The user whose workflow fire left it' }),
  identifier: Type.Union([Type.String(), Type.Null()], { description: 'The content item the fire acted on' }),
  createdDate: Millis,
  readDate: Type.Union([Millis, Type.Null()], { description: 'Null while unread' }),
  read: Type.Boolean(),
});

/** A page of the caller's messages, with the total and the unread count. */
export const UserMessagePageSchema = Type.Object({
  messages: Type.Array(UserMessageSchema),
  pagination: PaginationSchema,
  unread: Type.Integer({ minimum: 0 }),
});
