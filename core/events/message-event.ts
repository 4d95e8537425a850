import { messageView } from '../messages/message-view.js';
import type { UserMessage } from '../model/user-message.js';
import type { RaisedEvent } from './system-event.js';

/** A stored user message (the Message actionlet), delivered to its recipient only. */
export function messageEvent(message: UserMessage): RaisedEvent {
  return {
    event: {
      event: 'MESSAGE',
      creationDate: message.createdAt,
      payload: {
        type: 'message',
        data: messageView(message),
        visibility: 'USER',
        visibilityValue: message.userId,
      },
    },
    audience: { kind: 'user', userId: message.userId },
  };
}
