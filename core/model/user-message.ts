/** A message a workflow fire left for a user (the Message actionlet), shown to that user only. */
export interface UserMessage {
  id: string;
  /** The recipient. */
  userId: string;
  /** Already rendered: the text as the recipient reads it. */
  text: string;
  /** The user whose fire left it. */
  fromUserId: string;
  /** The content item the fire acted on, when it had been saved. */
  identifier: string | null;
  createdAt: number;
  /** When the recipient marked it read; null while unread. */
  readAt: number | null;
}
