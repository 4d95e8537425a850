import type { UserMessage } from '../model/user-message.js';

/** A user message as its recipient reads it: `GET /api/v1/messages` lists these, and `MESSAGE` events carry one. */
export function messageView(message: UserMessage) {
  return {
    id: message.id,
    message: message.text,
    from: message.fromUserId,
    identifier: message.identifier,
    createdDate: message.createdAt,
    readDate: message.readAt,
    read: message.readAt !== null,
  };
}

export type MessageView = ReturnType<typeof messageView>;
