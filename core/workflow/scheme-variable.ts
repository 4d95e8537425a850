import type { WorkflowScheme } from '../model/workflow.js';

/**
 * The variable name the original gives a scheme, which its clients use in place of the id
 * (`{"workflow": [{"variableName": "SystemWorkflow"}]}`): the words of the name, each capitalised,
 * joined. Derived rather than stored, so that a renamed scheme is found by its new name.
 */
export function schemeVariableName(scheme: Pick<WorkflowScheme, 'name'>): string {
  return scheme.name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}
