import type { Principal } from '../auth/principal.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import type { RepositorySet } from '../plugin/storage/index.js';
import type { EventAudience } from './system-event.js';

/**
 * Decides whether a signed-in user receives an event: a user event only its user; a content event
 * whoever holds READ on the item now (the working version's rule: a grant to one of the user's
 * roles), through the permission service as a read would. An item whose type is gone reaches
 * administrators only.
 */
export class EventAudienceCheck {
  constructor(
    private readonly deps: { storage: RepositorySet; definitions: DefinitionCache; permissions: PermissionService },
  ) {}

  /**
   * A check for one event: several connections of one user are decided once, and the
   * definitions are read once for all of them.
   */
  forEvent(audience: EventAudience): (principal: Principal) => Promise<boolean> {
    if (audience.kind === 'everyone') return () => Promise.resolve(true);
    if (audience.kind === 'user') return (principal) => Promise.resolve(principal.user.userId === audience.userId);
    const decided = new Map<string, Promise<boolean>>();
    let definitions: ReturnType<DefinitionCache['in']> | undefined;
    return (principal) => {
      let answer = decided.get(principal.user.userId);
      if (!answer) {
        answer = (async () => {
          if (principal.admin) return true;
          const current = await (definitions ??= this.deps.definitions.in(this.deps.storage));
          const type = await current.contentType(audience.identifier.contentTypeId);
          if (!type) return false;
          return this.deps.permissions
            .for(current, principal)
            .has({ kind: 'content', identifier: audience.identifier, type }, 'READ');
        })();
        decided.set(principal.user.userId, answer);
      }
      return answer;
    };
  }
}
