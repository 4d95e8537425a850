import { CmsError, Errors } from '../errors/index.js';
import { SYSTEM_WORKFLOW_ID } from '../model/content-type.js';
import type { Repositories } from '../plugin/storage/index.js';
import { schemeVariableName } from '../workflow/scheme-variable.js';

/** A scheme as a content type names it: its id, or as the original's newer clients send it, `{id, variableName}`. */
export type WorkflowEntry = string | { id?: string | null; variableName?: string | null };

/**
 * The scheme ids a content type is bound to, from what the client sent: each entry by id, else by
 * variable name; none means the System Workflow, as the original does. An entry that names no
 * scheme is refused (the original's words), rather than binding the type to nothing.
 */
export async function resolveWorkflows(
  tx: Repositories,
  entries: readonly WorkflowEntry[] | undefined,
  typeName: string,
): Promise<string[] | undefined> {
  if (entries === undefined) return undefined;
  const wanted = entries
    .map((entry) => (typeof entry === 'string' ? { id: entry } : entry))
    .map((entry) => ({ id: entry.id?.trim() || undefined, variableName: entry.variableName?.trim() || undefined }))
    .filter((entry) => entry.id || entry.variableName);
  if (wanted.length === 0) return [SYSTEM_WORKFLOW_ID];
  let byVariable: Map<string, string> | undefined;
  const ids: string[] = [];
  for (const entry of wanted) {
    let id = entry.id && (await tx.workflows.findScheme(entry.id))?.id;
    if (!id && entry.variableName) {
      byVariable ??= new Map(
        (await tx.workflows.listSchemes()).map((s) => [schemeVariableName(s).toLowerCase(), s.id] as const),
      );
      id = byVariable.get(entry.variableName.toLowerCase());
    }
    if (!id) {
      throw new CmsError(
        Errors.CONTENT_TYPE_WORKFLOW_UNKNOWN,
        { scheme: (entry.id ?? entry.variableName)!, type: typeName },
        { fieldName: 'workflow' },
      );
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
