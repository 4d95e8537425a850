import type { ContentType } from '../../core/model/content-type.js';
import type { Field } from '../../core/model/field.js';
import type { SystemActionService } from '../../core/workflow/system-actions.js';
import type { WorkflowDefinitionService } from '../../core/workflow/workflow-definition-service.js';
import { contentTypeView } from '../views/content-type-view.js';

/**
 * Content types as the original's content-type endpoints answer them: one type with its schemes in
 * full and its own system-action mappings; a page of types with their schemes. Callers get these
 * only for types they may read, and the read rules show a caller every scheme of a type it may
 * read, so nothing here is more than the workflow reads would show it.
 */
export function contentTypeAnswers(workflows: WorkflowDefinitionService, systemActions: SystemActionService) {
  return {
    async one(type: ContentType, fields: readonly Field[]) {
      const [schemes, mappings] = await Promise.all([workflows.schemesOf(type), systemActions.ownedBy(type)]);
      return contentTypeView(type, fields, { schemes, mappings });
    },
    /** The view of each type of a listing, with the schemes read once for the whole page. */
    async forListing() {
      const schemes = await workflows.listSchemes();
      return (type: ContentType) => contentTypeView(type, [], { schemes });
    },
  };
}
