/** What clients send to define workflows, and the checks every definition request shares. */
import { CmsError, Errors } from '../errors/index.js';
import { SHOW_ON_VALUES, type ShowOn } from '../model/workflow.js';

export interface SchemeInput {
  schemeName?: string;
  schemeDescription?: string;
  schemeArchived?: boolean;
}

export interface StepInput {
  schemeId?: string;
  stepName?: string;
  escalationAction?: string | null;
  escalationTime?: string | number | null;
  stepResolved?: boolean;
  enableEscalation?: boolean;
}

export interface ActionInput {
  actionName?: string;
  schemeId?: string;
  actionCondition?: string;
  actionNextStep?: string;
  actionNextAssign?: string;
  actionRoleHierarchyForAssign?: boolean;
  actionAssignable?: boolean;
  actionCommentable?: boolean;
  actionIcon?: string;
  whoCanUse?: string[];
  showOn?: string[];
  /** Attach the new action to this step too. */
  stepId?: string;
}

export interface ActionletInput {
  actionClass: string;
  order?: number;
  parameters?: Record<string, string>;
}

export function requireName(value: string | undefined, fieldName: string, what: 'scheme' | 'step' | 'action'): string {
  const text = value?.trim();
  if (!text) throw new CmsError(Errors.WORKFLOW_NAME_REQUIRED, { what }, { fieldName });
  return text;
}

export function requireText(value: string | undefined, fieldName: string): string {
  const text = value?.trim();
  if (!text) throw new CmsError(Errors.WORKFLOW_FIELD_REQUIRED, { field: fieldName }, { fieldName });
  return text;
}

/** `escalationTime` arrives as a string ("" when unused) or a number of seconds. */
export function escalationSeconds(value: string | number | null | undefined): number {
  if (value === undefined || value === null || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(n) || n < 0)
    throw new CmsError(Errors.WORKFLOW_ESCALATION_TIME_INVALID, undefined, { fieldName: 'escalationTime' });
  return n;
}

/** showOn is a set of known values; an unknown value is a 400. */
export function showOnOf(values: readonly string[]): ShowOn[] {
  const unknown = values.filter((v) => !SHOW_ON_VALUES.includes(v.toUpperCase() as ShowOn));
  if (unknown.length > 0)
    throw new CmsError(
      Errors.WORKFLOW_SHOW_ON_INVALID,
      { values: unknown.join(', '), allowed: SHOW_ON_VALUES.join(', ') },
      { fieldName: 'showOn' },
    );
  return [...new Set(values.map((v) => v.toUpperCase() as ShowOn))];
}
