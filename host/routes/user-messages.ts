import { Type } from '@sinclair/typebox';
import { messageView } from '../../core/messages/message-view.js';
import { route } from '../http/route.js';
import { UserMessagePageSchema, UserMessageSchema } from '../views/user-message-schema.js';
import { defineRoutes } from './route-module.js';

const MessageId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const Paging = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

/** Messages workflow fires (the Message actionlet) left for the caller: each user sees only their own. */
export default defineRoutes('user-messages', ['userMessages'], ({ userMessages }) => [
  route({
    method: 'GET',
    path: '/api/v1/messages',
    access: 'user',
    summary: 'The caller’s messages, newest first, paged (page, per_page), with the total and the unread count',
    query: Paging,
    response: { schema: UserMessagePageSchema },
    handler: async ({ query, principal }) => {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? 20;
      const listed = await userMessages.list(principal, { offset: (page - 1) * perPage, limit: perPage });
      return {
        messages: listed.items.map(messageView),
        pagination: { currentPage: page, perPage, totalEntries: listed.total },
        unread: listed.unread,
      };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/messages/:id/_read',
    access: 'user',
    summary: 'Marks one of the caller’s messages read',
    answers: { 404: 'no such message, or another user’s' },
    params: MessageId,
    response: { schema: UserMessageSchema },
    handler: async ({ params, principal }) => messageView(await userMessages.markRead(principal, params.id)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/messages/:id',
    access: 'user',
    summary: 'Deletes one of the caller’s messages',
    answers: { 404: 'no such message, or another user’s' },
    params: MessageId,
    response: { schema: UserMessageSchema },
    handler: async ({ params, principal }) => messageView(await userMessages.delete(principal, params.id)),
  }),
]);
