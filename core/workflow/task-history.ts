import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { WorkflowHistoryEntry } from '../model/workflow.js';
import type { Storage } from '../plugin/storage-driver.js';

/** The history of actions and comments of an item's workflow tasks. */
export class TaskHistoryService {
  constructor(
    private readonly storage: Storage,
    private readonly definitions: DefinitionCache,
    private readonly permissions: PermissionService,
  ) {}

  /**
   * Oldest first. An item that never existed is refused; a removed one still shows its history, to
   * administrators only (nothing is left to hold permissions). Otherwise READ on the item is needed.
   */
  async list(principal: Principal, identifier: string): Promise<WorkflowHistoryEntry[]> {
    const item = await this.storage.content.findIdentifier(identifier);
    const history = await this.storage.tasks.listHistory(identifier);
    if (!item) {
      if (history.length === 0) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
      if (!principal.admin) throw new CmsError(Errors.AUTH_FORBIDDEN);
      return history;
    }
    const definitions = await this.definitions.in(this.storage);
    const type = await definitions.contentType(item.contentTypeId);
    if (!type) throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: item.contentTypeId });
    await this.permissions.for(definitions, principal).check({ kind: 'content', identifier: item, type }, 'READ');
    return history;
  }
}
