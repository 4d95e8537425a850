import type { ContentTypeService } from '../../core/content/content-type-service.js';
import type { ContentType } from '../../core/model/content-type.js';
import type { Field } from '../../core/model/field.js';
import type { Page } from '../../core/model/page.js';
import type { SystemActionService } from '../../core/workflow/system-actions.js';
import type { WorkflowDefinitionService } from '../../core/workflow/workflow-definition-service.js';
import { contentTypeView } from '../views/content-type-view.js';

/**
 * Content types as the original's content-type endpoints answer them: one type with its schemes in
 * full, its own system-action mappings and its layout; a page of types with their schemes and how
 * many items each has. Both say where each type lives. Callers get these only for types they may
 * read, and the read rules show a caller every scheme of a type it may read, so nothing here is
 * more than the workflow reads would show it.
 */
export function contentTypeAnswers(
  types: ContentTypeService,
  workflows: WorkflowDefinitionService,
  systemActions: SystemActionService,
) {
  return {
    async one(type: ContentType, fields: readonly Field[]) {
      const [schemes, mappings, whereabouts] = await Promise.all([
        workflows.schemesOf(type),
        systemActions.ownedBy(type),
        types.whereabouts([type]),
      ]);
      return contentTypeView(type, fields, { schemes, mappings, whereabouts: whereabouts.get(type.id), layout: true });
    },
    /**
     * A page of types as views. What they add is read once for the whole page (the schemes, the
     * places, one grouped count of items), never once a type, so a page costs the same few reads
     * however many types it holds; the original counts them for its listings in one go too.
     */
    async page(page: Page<ContentType>): Promise<Page<ReturnType<typeof contentTypeView>>> {
      const [schemes, whereabouts, entries] = await Promise.all([
        workflows.listSchemes(),
        types.whereabouts(page.items),
        types.countEntries(page.items),
      ]);
      return {
        ...page,
        items: page.items.map((type) =>
          contentTypeView(type, [], { schemes, whereabouts: whereabouts.get(type.id), nEntries: entries.get(type.id) }),
        ),
      };
    },
  };
}
