import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Page, PageRequest } from '../model/page.js';
import type { UserMessage } from '../model/user-message.js';
import type { Storage } from '../plugin/storage/index.js';

/**
 * The messages workflow fires left for a user (the Message actionlet), as that user reads them.
 * Only the recipient sees a message: another user's id answers as an unknown one, administrators
 * included (a message is personal, not content).
 */
export class UserMessageService {
  private readonly storage: Storage;
  private readonly now: () => number;

  constructor(options: { storage: Storage; now?: () => number }) {
    this.storage = options.storage;
    this.now = options.now ?? Date.now;
  }

  /** The caller's messages, newest first, with how many are unread. */
  async list(principal: Principal, page: PageRequest): Promise<Page<UserMessage> & { unread: number }> {
    const { userId } = principal.user;
    const listed = await this.storage.userMessages.listByUser(userId, page);
    return { ...listed, unread: await this.storage.userMessages.countUnread(userId) };
  }

  /** Marks one of the caller's messages read (again: the first time is kept). */
  async markRead(principal: Principal, id: string): Promise<UserMessage> {
    const message = await this.own(principal, id);
    if (message.readAt !== null) return message;
    const readAt = this.now();
    await this.storage.userMessages.markRead(id, readAt);
    return { ...message, readAt };
  }

  async delete(principal: Principal, id: string): Promise<UserMessage> {
    const message = await this.own(principal, id);
    await this.storage.userMessages.delete(id);
    return message;
  }

  private async own(principal: Principal, id: string): Promise<UserMessage> {
    const message = await this.storage.userMessages.find(id);
    if (!message || message.userId !== principal.user.userId) throw new CmsError(Errors.USER_MESSAGE_NOT_FOUND, { id });
    return message;
  }
}
