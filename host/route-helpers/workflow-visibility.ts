import type { DefinitionReadRules } from '../../core/auth/definition-read-rules.js';
import type { Principal } from '../../core/auth/principal.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { WorkflowAction, WorkflowScheme, WorkflowStep } from '../../core/model/workflow.js';
import type { WorkflowDefinitionService } from '../../core/workflow/workflow-definition-service.js';

/**
 * Workflow definitions as one caller may see them: a scheme (and its steps and actions) only when
 * the read rules show it; otherwise the answer of an id that names nothing, so the workflow reads
 * tell no caller which ids exist.
 */
export function visibleWorkflow(workflows: WorkflowDefinitionService, readRules: DefinitionReadRules) {
  const shown = async <T>(caller: Principal | null, schemeId: string, item: T, unknown: () => CmsError) => {
    await readRules.requireScheme(caller, schemeId, unknown);
    return item;
  };
  return {
    async schemes(caller: Principal | null, all: WorkflowScheme[]): Promise<WorkflowScheme[]> {
      const readable = await readRules.readableSchemes(caller);
      return readable ? all.filter((s) => readable.has(s.id)) : all;
    },
    async scheme(caller: Principal | null, id: string): Promise<WorkflowScheme> {
      const scheme = await workflows.getScheme(id);
      return shown(caller, scheme.id, scheme, () => new CmsError(Errors.WORKFLOW_SCHEME_NOT_FOUND, { scheme: id }));
    },
    async step(caller: Principal | null, id: string): Promise<WorkflowStep> {
      const step = await workflows.getStep(id);
      return shown(caller, step.schemeId, step, () => new CmsError(Errors.WORKFLOW_STEP_NOT_FOUND));
    },
    async action(caller: Principal | null, id: string): Promise<WorkflowAction> {
      const action = await workflows.getAction(id);
      return shown(caller, action.schemeId, action, () => new CmsError(Errors.WORKFLOW_ACTION_NOT_FOUND));
    },
  };
}
