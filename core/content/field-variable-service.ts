import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Field, FieldVariable } from '../model/field.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { ContentTypeService } from './content-type-service.js';

/** A field variable as clients send it to `…/fields/{id|var}/{field}/variables`. */
export interface FieldVariableInput {
  id?: string;
  fieldId?: string;
  key?: string;
  value?: string;
}

/** How a path names the field: by id (`fields/id/{fieldId}`) or by variable (`fields/var/{fieldVar}`). */
export interface FieldRef {
  typeIdOrVariable: string;
  by: 'id' | 'var';
  field: string;
}

/**
 * The key/value variables of one field, one at a time. Each is a row of its own in storage, so two
 * writes to different variables of one field never lose one another; each change is a definition
 * write like any other, which renews the definitions version token and the type's modDate.
 */
export class FieldVariableService {
  private readonly storage: Storage;
  private readonly types: ContentTypeService;
  private readonly now: () => number;

  constructor(options: { storage: Storage; types: ContentTypeService; now?: () => number }) {
    this.storage = options.storage;
    this.types = options.types;
    this.now = options.now ?? Date.now;
  }

  async list(ref: FieldRef): Promise<{ field: Field; variables: FieldVariable[] }> {
    const field = await this.findField(this.storage, ref);
    return { field, variables: field.fieldVariables };
  }

  async get(ref: FieldRef, variableId: string): Promise<{ field: Field; variable: FieldVariable }> {
    const field = await this.findField(this.storage, ref);
    return { field, variable: variableOf(field, variableId) };
  }

  async create(principal: Principal, ref: FieldRef, input: FieldVariableInput) {
    if (input.id) throw new CmsError(Errors.FIELD_VARIABLE_ID_NOT_ALLOWED, undefined, { fieldName: 'id' });
    return this.change(principal, ref, async (tx, field, at) => {
      checkFieldId(field, input.fieldId);
      const key = requireKey(input.key);
      if (field.fieldVariables.some((v) => v.key === key)) throw keyTaken(key);
      const variable: FieldVariable = { id: randomUUID(), key, value: input.value ?? '' };
      // A write that committed after this transaction read the field may hold the key: the database refuses it.
      await keyUnique(key, () => tx.fields.insertVariable(field.id, variable, at));
      return { variables: [...field.fieldVariables, variable], variable };
    });
  }

  async update(principal: Principal, ref: FieldRef, variableId: string, input: FieldVariableInput) {
    if (!input.id) throw new CmsError(Errors.FIELD_VARIABLE_ID_REQUIRED, undefined, { fieldName: 'id' });
    const bodyId = input.id;
    return this.change(principal, ref, async (tx, field, at) => {
      checkFieldId(field, input.fieldId);
      const current = variableOf(field, variableId);
      if (current.id !== bodyId)
        throw new CmsError(Errors.FIELD_VARIABLE_ID_MISMATCH, { pathId: variableId, bodyId }, { fieldName: 'id' });
      const key = input.key === undefined ? current.key : requireKey(input.key);
      if (field.fieldVariables.some((v) => v.key === key && v.id !== current.id)) throw keyTaken(key);
      const variable: FieldVariable = { id: current.id, key, value: input.value ?? current.value };
      await keyUnique(key, () => tx.fields.updateVariable(field.id, variable, at));
      return { variables: field.fieldVariables.map((v) => (v.id === current.id ? variable : v)), variable };
    });
  }

  async delete(principal: Principal, ref: FieldRef, variableId: string) {
    return this.change(principal, ref, async (tx, field) => {
      const variable = variableOf(field, variableId);
      await tx.fields.deleteVariable(field.id, variable.id);
      return { variables: field.fieldVariables.filter((v) => v.id !== variable.id), variable };
    });
  }

  /**
   * Runs one variable's write in a transaction with the field and its type read in it, and touches
   * the field's and the type's modDate (the field's own columns only: never its other variables).
   */
  private async change(
    principal: Principal,
    ref: FieldRef,
    write: (
      tx: Repositories,
      field: Field,
      at: number,
    ) => Promise<{ variables: FieldVariable[]; variable: FieldVariable }>,
  ): Promise<{ field: Field; variable: FieldVariable }> {
    return this.storage.transaction(async (tx) => {
      const type = await this.types.findEditable(principal, ref.typeIdOrVariable, tx);
      const field = await this.findField(tx, ref, type.id);
      const modDate = this.now();
      // The field's row first: writers of one field's variables then take turns on it. (Written after
      // the variable, the row would be share-locked by the variable's foreign key check in each
      // transaction, and MySQL would answer the two updates of it with a deadlock.)
      await tx.fields.update({ ...field, modDate });
      const { variables, variable } = await write(tx, field, modDate);
      await tx.contentTypes.update({ ...type, modDate });
      return { field: { ...field, fieldVariables: variables, modDate }, variable };
    });
  }

  private async findField(repositories: Repositories, ref: FieldRef, typeId?: string): Promise<Field> {
    const id = typeId ?? (await this.types.find(ref.typeIdOrVariable, repositories)).id;
    const fields = await repositories.fields.listByType(id);
    const wanted = ref.field.toLowerCase();
    const field =
      ref.by === 'id'
        ? fields.find((f) => f.id === ref.field)
        : fields.find((f) => f.variable.toLowerCase() === wanted);
    if (!field) throw new CmsError(Errors.FIELD_NOT_FOUND, { field: ref.field, type: ref.typeIdOrVariable });
    return field;
  }
}

/** By id; the original looks a variable up by its key too, so a key is accepted where an id is asked. */
function variableOf(field: Field, variableId: string): FieldVariable {
  const variable =
    field.fieldVariables.find((v) => v.id === variableId) ?? field.fieldVariables.find((v) => v.key === variableId);
  if (!variable) throw new CmsError(Errors.FIELD_VARIABLE_NOT_FOUND, { id: variableId });
  return variable;
}

/** The original asks for `fieldId` in the body; it may be left out here, but never name another field. */
function checkFieldId(field: Field, fieldId: string | undefined): void {
  if (fieldId && fieldId !== field.id)
    throw new CmsError(Errors.FIELD_VARIABLE_FIELD_MISMATCH, { fieldId, field: field.id }, { fieldName: 'fieldId' });
}

const keyTaken = (key: string) => new CmsError(Errors.FIELD_VARIABLE_KEY_TAKEN, { key }, { fieldName: 'key' });

/** Runs a write, answering the database's refusal of a duplicate key as the key being taken. */
async function keyUnique(key: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof CmsError && error.code === Errors.RECORD_NOT_UNIQUE.code) throw keyTaken(key);
    throw error;
  }
}

function requireKey(key: string | undefined): string {
  const trimmed = key?.trim();
  if (!trimmed) throw new CmsError(Errors.FIELD_VARIABLE_KEY_REQUIRED, undefined, { fieldName: 'key' });
  return trimmed;
}
