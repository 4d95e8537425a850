/** The checks of an actionlet's parameter values as it is added to an action. */
import { CmsError, detail, Errors } from '../errors/index.js';
import type { WorkflowAction } from '../model/workflow.js';
import type { Actionlet } from '../plugin/actionlet.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';

/** What a secret parameter's value is answered as: never the value itself. */
export const MASKED_SECRET = '********';

/**
 * The parameter values an association keeps: those sent, else the defaults. A parameter the actionlet
 * does not declare, or a required one left without a value, is refused with each one listed.
 */
export function actionletParameters(
  actionlet: Actionlet,
  sent: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const declared = new Set(actionlet.parameters.map((p) => p.key));
  const unknown = Object.keys(sent ?? {}).filter((key) => !declared.has(key));
  if (unknown.length > 0) {
    const takes = actionlet.parameters.map((p) => p.key).join(', ') || 'none';
    const params = (parameter: string) => ({ actionClass: actionlet.actionClass, parameter, parameters: takes });
    throw new CmsError(Errors.WORKFLOW_ACTIONLET_PARAMETER_UNKNOWN, params(unknown[0]!), {
      details: unknown.map((key) =>
        detail(Errors.WORKFLOW_ACTIONLET_PARAMETER_UNKNOWN, params(key), `parameters.${key}`),
      ),
    });
  }
  // The mask read from an answer and sent back would be kept as the secret: the fires would fail later.
  const masked = actionlet.parameters.find((p) => p.secret && sent?.[p.key] === MASKED_SECRET);
  if (masked)
    throw new CmsError(
      Errors.WORKFLOW_ACTIONLET_SECRET_MASKED,
      { parameter: masked.key, mask: MASKED_SECRET },
      { fieldName: `parameters.${masked.key}` },
    );
  const parameters: Record<string, string> = {};
  const missing: string[] = [];
  for (const p of actionlet.parameters) {
    const value = sent?.[p.key] ?? p.defaultValue ?? undefined;
    if (value !== undefined && value !== '') parameters[p.key] = value;
    else if (p.required && sent !== undefined) missing.push(p.key);
  }
  if (missing.length > 0) {
    throw new CmsError(
      Errors.WORKFLOW_ACTIONLET_PARAMETER_REQUIRED,
      { actionlet: actionlet.name, parameters: missing.join(', ') },
      { details: missing.map((key) => detail(Errors.required, { field: key }, key)) },
    );
  }
  return parameters;
}

/**
 * A parameter that names a field must name one of a content type bound to the action's scheme.
 * A scheme bound to no type yet has nothing to check against: types bound later are not checked.
 */
export async function checkFieldsNamed(
  tx: Repositories,
  {
    action,
    actionlet,
    parameters,
    schemeName,
  }: {
    action: WorkflowAction;
    actionlet: Actionlet;
    parameters: Readonly<Record<string, string>>;
    schemeName: () => Promise<string>;
  },
): Promise<void> {
  const named = actionlet.parameters.filter((p) => p.names === 'field' && parameters[p.key] !== undefined);
  if (named.length === 0) return;
  const typeIds = await tx.contentTypes.idsBoundTo(action.schemeId);
  if (typeIds.length === 0) return;
  const fields = await Promise.all(typeIds.map((id) => tx.fields.listByType(id)));
  // Exact: a fire sets the value under this very name, and a name of another case is no field.
  const variables = new Set(fields.flat().map((f) => f.variable));
  const missing = named.filter((p) => !variables.has(parameters[p.key]!));
  if (missing.length === 0) return;
  const scheme = await schemeName();
  const params = (key: string) => ({ actionlet: actionlet.name, field: parameters[key]!, scheme });
  throw new CmsError(Errors.WORKFLOW_ACTIONLET_FIELD_UNKNOWN, params(missing[0]!.key), {
    details: missing.map((p) => detail(Errors.WORKFLOW_ACTIONLET_FIELD_UNKNOWN, params(p.key), `parameters.${p.key}`)),
  });
}

/** Secret values are stored sealed by the installation's encryptor, never in clear. */
export function sealSecretParameters(
  actionlet: Actionlet,
  parameters: Readonly<Record<string, string>>,
  secrets: SecretSealer | undefined,
): Record<string, string> {
  const sealed = { ...parameters };
  if (!secrets) return sealed;
  for (const p of actionlet.parameters) {
    const value = sealed[p.key];
    if (p.secret && value !== undefined && value !== p.defaultValue) sealed[p.key] = secrets.seal(value);
  }
  return sealed;
}
