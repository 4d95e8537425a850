import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { FieldInput, FieldService } from './field-service.js';

/** A field as a type's update sends it: one the type has (by id, else variable), or a new one. */
export type FieldChange = FieldInput & { id?: string | null };

/**
 * Fields a type's update may not take away: fixed ones (those of its base type) and read-only
 * ones, which the original keeps too when a client leaves them out.
 */
const kept = (field: Field) => field.fixed || field.readOnly;

/**
 * Makes a type's fields those sent, in an open transaction, as the original's type update does:
 * each field sent is one of the type's when its id, else its variable (ignoring case), names one,
 * and is changed as sent; any other is created; the type's fields none of them names are deleted,
 * but for those `kept` says stay. The caller mends the layout afterwards and queues the type's
 * documents for the search index (they hold one member per field).
 */
export async function syncFields(
  tx: Repositories,
  fieldService: FieldService,
  type: ContentType,
  sent: readonly FieldChange[],
): Promise<void> {
  const existing = await tx.fields.listByType(type.id);
  const byId = new Map(existing.map((f) => [f.id, f]));
  const byVariable = new Map(existing.map((f) => [f.variable.toLowerCase(), f]));
  const matched = new Map<string, FieldInput>();
  const created: FieldInput[] = [];
  // Sent without any sortOrder, the fields are in the order of the list (the layout is mended after).
  const ordered = sent.every((f) => f.sortOrder === undefined);
  for (const [index, change] of sent.entries()) {
    const { id, ...input } = ordered ? { ...change, sortOrder: index } : change;
    const current = (id ? byId.get(id) : undefined) ?? byVariable.get(input.variable?.toLowerCase() ?? '');
    if (!current) {
      created.push(input);
      continue;
    }
    if (matched.has(current.id))
      throw new CmsError(Errors.FIELD_VARIABLE_TAKEN, { variable: current.variable }, { fieldName: 'variable' });
    // A field's fixedness is its base type's: a client's copy of it cannot lift it.
    matched.set(current.id, { ...input, fixed: current.fixed });
  }
  for (const field of existing) {
    if (!matched.has(field.id) && !kept(field)) await tx.fields.delete(field.id);
  }
  for (const [id, input] of matched) await fieldService.updateIn(tx, type, byId.get(id)!, input);
  if (created.length) await fieldService.createIn(tx, type, created);
}
