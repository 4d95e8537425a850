import { CmsError, Errors } from '../errors/index.js';
import type { WorkflowHistoryEntry } from '../model/workflow.js';
import type { Storage } from '../plugin/storage-driver.js';

/** The history of actions and comments of an item's workflow tasks. */
export class TaskHistoryService {
  constructor(private readonly storage: Storage) {}

  /** Oldest first. An item that never existed is refused; a removed one still shows its history. */
  async list(identifier: string): Promise<WorkflowHistoryEntry[]> {
    const history = await this.storage.tasks.listHistory(identifier);
    if (history.length === 0 && !(await this.storage.content.findIdentifier(identifier))) {
      throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
    }
    return history;
  }
}
