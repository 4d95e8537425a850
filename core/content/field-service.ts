import { randomUUID } from 'node:crypto';
import { CmsError, detail, type ErrorDetail, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field, FieldVariable } from '../model/field.js';
import { FIELD_CLASS_PACKAGE, canonicalFieldClassName, type FieldType } from '../plugin/field-type.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { IndexQueue } from '../search/index-queue.js';
import { VARIABLE_PATTERN, firstFreeVariable, variableFromName } from './variable-name.js';

/** A field as clients send it. */
export interface FieldInput {
  clazz?: string;
  name?: string;
  variable?: string;
  /** One of the data types the class takes (`INTEGER` on a Text field); its default data type otherwise. */
  dataType?: string;
  sortOrder?: number;
  regexCheck?: string | null;
  defaultValue?: string | null;
  hint?: string | null;
  values?: string | null;
  required?: boolean;
  searchable?: boolean;
  indexed?: boolean;
  listed?: boolean;
  unique?: boolean;
  readOnly?: boolean;
  fixed?: boolean;
  relationType?: string | null;
  fieldVariables?: Array<{ key?: string; value?: string }>;
}

export type FieldTypeLookup = (className: string) => FieldType | undefined;

const ROW_CLASS = `${FIELD_CLASS_PACKAGE}ImmutableRowField`;
const COLUMN_CLASS = `${FIELD_CLASS_PACKAGE}ImmutableColumnField`;

/** Fields of content types: creation (with the implicit layout), reading, update, deletion. */
export class FieldService {
  private readonly storage: Storage;
  private readonly fieldTypes: FieldTypeLookup;
  private readonly now: () => number;
  /** Documents hold one member per field: a field change queues the type's items for the search index. */
  private readonly indexQueue?: IndexQueue;

  constructor(options: {
    storage: Storage;
    fieldTypeOf: FieldTypeLookup;
    now?: () => number;
    /** Documents hold one member per field: a field change queues the type's items for the search index. */
    indexQueue?: IndexQueue;
  }) {
    this.storage = options.storage;
    this.fieldTypes = options.fieldTypeOf;
    this.now = options.now ?? Date.now;
    this.indexQueue = options.indexQueue;
  }

  typeOf(field: Pick<Field, 'clazz'>): FieldType | undefined {
    return this.fieldTypes(field.clazz);
  }

  /**
   * Creates fields in an open transaction. A type whose fields arrive without layout gets a row and
   * a column in front, as the original does; they are not part of the answer.
   */
  async createIn(tx: Repositories, type: ContentType, inputs: readonly FieldInput[]): Promise<Field[]> {
    const existing = await tx.fields.listByType(type.id);
    const resolved = inputs.map((input, index) => ({ input, fieldType: this.resolveType(input, index) }));
    const hasLayout = [...existing.map((f) => this.fieldTypes(f.clazz)), ...resolved.map((r) => r.fieldType)].some(
      (t) => t?.kind === 'layout',
    );
    const taken = new Set(existing.map((f) => f.variable.toLowerCase()));
    const now = this.now();
    if (!hasLayout) {
      for (const [clazz, sortOrder] of [
        [ROW_CLASS, 0],
        [COLUMN_CLASS, 1],
      ] as const) {
        const fieldType = this.fieldTypes(clazz);
        if (!fieldType) continue;
        const variable = await firstFreeVariable(`fields${sortOrder}`, (v) => taken.has(v.toLowerCase()));
        taken.add(variable.toLowerCase());
        await tx.fields.insert(
          this.build(type, { clazz, name: `fields-${sortOrder}`, variable, sortOrder }, fieldType, {
            variable,
            sortOrder,
            now,
          }),
        );
      }
    }
    const nextSort = Math.max(-1, ...existing.map((f) => f.sortOrder)) + 1;
    const created: Field[] = [];
    for (const [index, { input, fieldType }] of resolved.entries()) {
      const variable = await this.chooseVariable(input, index, taken);
      taken.add(variable.toLowerCase());
      const sortOrder = hasLayout ? (input.sortOrder ?? nextSort + index) : (input.sortOrder ?? index) + 2;
      const field = this.build(type, input, fieldType, { variable, sortOrder, now });
      await tx.fields.insert(field);
      created.push(field);
    }
    return created;
  }

  async create(
    typeIdOrVariable: string,
    inputs: readonly FieldInput[],
    findType: (tx: Repositories) => Promise<ContentType>,
  ): Promise<Field[]> {
    if (inputs.length === 0) throw new CmsError(Errors.FIELD_REQUIRED, { type: typeIdOrVariable });
    return this.storage.transaction(async (tx) => {
      const type = await findType(tx);
      const created = await this.createIn(tx, type, inputs);
      await tx.contentTypes.update({ ...type, modDate: this.now() });
      return created;
    });
  }

  async get(type: ContentType, fieldIdOrVariable: string): Promise<Field> {
    const fields = await this.storage.fields.listByType(type.id);
    const field =
      fields.find((f) => f.id === fieldIdOrVariable) ??
      fields.find((f) => f.variable.toLowerCase() === fieldIdOrVariable.toLowerCase());
    if (!field) throw new CmsError(Errors.FIELD_NOT_FOUND, { field: fieldIdOrVariable, type: type.variable });
    return field;
  }

  async update(type: ContentType, fieldIdOrVariable: string, input: FieldInput): Promise<Field> {
    const current = await this.get(type, fieldIdOrVariable);
    return this.storage.transaction(async (tx) => {
      const updated = await this.updateIn(tx, type, current, input);
      await tx.contentTypes.update({ ...type, modDate: updated.modDate });
      await this.indexQueue?.add(tx, [{ scope: 'type', id: type.id }]);
      return updated;
    });
  }

  /**
   * Changes a field of the type in an open transaction: its class, variable and data type stay (a
   * request naming others is refused), members left out keep their values.
   */
  async updateIn(tx: Repositories, type: ContentType, current: Field, input: FieldInput): Promise<Field> {
    if (input.clazz !== undefined && canonicalFieldClassName(input.clazz) !== current.clazz) {
      throw new CmsError(Errors.FIELD_CLASS_IMMUTABLE, undefined, {
        fieldName: 'clazz',
      });
    }
    if (input.variable !== undefined && input.variable.toLowerCase() !== current.variable.toLowerCase()) {
      throw new CmsError(Errors.FIELD_VARIABLE_IMMUTABLE, undefined, {
        fieldName: 'variable',
      });
    }
    if (input.dataType !== undefined && input.dataType.trim().toUpperCase() !== current.dataType) {
      throw new CmsError(Errors.FIELD_DATA_TYPE_IMMUTABLE, undefined, { fieldName: 'dataType' });
    }
    const fieldType = this.resolveType({ ...input, clazz: current.clazz }, 0);
    const merged = this.build(type, { ...current, ...stripUndefined(input), clazz: current.clazz }, fieldType, {
      variable: current.variable,
      sortOrder: input.sortOrder ?? current.sortOrder,
      now: this.now(),
    });
    const updated: Field = { ...merged, id: current.id, iDate: current.iDate };
    await tx.fields.update(updated);
    // Variables are rewritten only when the update carries them: left out, they stay as they are.
    if (input.fieldVariables !== undefined) {
      await tx.fields.replaceVariables(updated.id, updated.fieldVariables, updated.modDate);
    }
    return updated;
  }

  async delete(type: ContentType, fieldIdOrVariable: string): Promise<Field> {
    const field = await this.get(type, fieldIdOrVariable);
    if (field.fixed) throw new CmsError(Errors.FIELD_FIXED, { field: field.variable });
    await this.storage.transaction(async (tx) => {
      await tx.fields.delete(field.id);
      await tx.contentTypes.update({ ...type, modDate: this.now() });
      await this.indexQueue?.add(tx, [{ scope: 'type', id: type.id }]);
    });
    return field;
  }

  /**
   * Deletes the fields of the type with these ids in one transaction; ids the type does not have are
   * passed over. Answers the ids deleted.
   */
  async deleteMany(type: ContentType, fieldIds: readonly string[]): Promise<string[]> {
    return this.storage.transaction(async (tx) => {
      const wanted = new Set(fieldIds);
      const doomed = (await tx.fields.listByType(type.id)).filter((f) => wanted.has(f.id));
      const fixed = doomed.find((f) => f.fixed);
      if (fixed) throw new CmsError(Errors.FIELD_FIXED, { field: fixed.variable });
      for (const field of doomed) await tx.fields.delete(field.id);
      if (doomed.length) {
        await tx.contentTypes.update({ ...type, modDate: this.now() });
        await this.indexQueue?.add(tx, [{ scope: 'type', id: type.id }]);
      }
      return doomed.map((f) => f.id);
    });
  }

  private resolveType(input: FieldInput, index: number): FieldType {
    if (!input.clazz) throw new CmsError(Errors.FIELD_CLASS_REQUIRED, { position: index + 1 }, { fieldName: 'clazz' });
    const fieldType = this.fieldTypes(input.clazz);
    if (!fieldType) throw new CmsError(Errors.FIELD_CLASS_UNKNOWN, { clazz: input.clazz }, { fieldName: 'clazz' });
    return fieldType;
  }

  private async chooseVariable(input: FieldInput, index: number, taken: Set<string>): Promise<string> {
    const requested = input.variable?.trim();
    if (!requested) {
      if (!input.name?.trim())
        throw new CmsError(Errors.FIELD_NAME_REQUIRED, { position: index + 1 }, { fieldName: 'name' });
      return firstFreeVariable(variableFromName(input.name), (v) => taken.has(v.toLowerCase()));
    }
    if (!VARIABLE_PATTERN.test(requested)) {
      throw new CmsError(Errors.FIELD_VARIABLE_INVALID, { variable: requested }, { fieldName: 'variable' });
    }
    if (taken.has(requested.toLowerCase()))
      throw new CmsError(Errors.FIELD_VARIABLE_TAKEN, { variable: requested }, { fieldName: 'variable' });
    return requested;
  }

  private build(
    type: ContentType,
    input: FieldInput,
    fieldType: FieldType,
    { variable, sortOrder, now }: { variable: string; sortOrder: number; now: number },
  ): Field {
    const name = input.name?.trim() || variable;
    const field: Field = {
      id: randomUUID(),
      contentTypeId: type.id,
      clazz: fieldType.className,
      name,
      variable,
      dataType: dataTypeOf(fieldType, input.dataType),
      sortOrder,
      regexCheck: input.regexCheck || null,
      defaultValue: input.defaultValue ?? null,
      hint: input.hint ?? null,
      values: input.values ?? null,
      required: input.required ?? false,
      searchable: input.searchable ?? false,
      indexed: input.indexed ?? false,
      listed: input.listed ?? false,
      unique: input.unique ?? false,
      readOnly: input.readOnly ?? false,
      fixed: input.fixed ?? false,
      relationType: input.relationType ?? null,
      fieldVariables: (input.fieldVariables ?? []).map(toFieldVariable),
      modDate: now,
      iDate: now,
    };
    const problems: ErrorDetail[] = [];
    if (field.regexCheck !== null) {
      try {
        new RegExp(field.regexCheck);
      } catch {
        problems.push(detail(Errors.FIELD_REGEX_INVALID, { field: name }, 'regexCheck'));
      }
    }
    const definitionProblem = fieldType.validateDefinition?.(field);
    if (definitionProblem)
      problems.push(detail(Errors.FIELD_DEFINITION_INVALID, { field: name, problem: definitionProblem }, variable));
    if (problems.length) {
      // The first problem names the answer's code; every problem is listed.
      throw problems[0]?.errorCode === Errors.FIELD_REGEX_INVALID.code
        ? new CmsError(Errors.FIELD_REGEX_INVALID, { field: name }, { details: problems })
        : new CmsError(
            Errors.FIELD_DEFINITION_INVALID,
            { field: name, problem: definitionProblem! },
            { details: problems },
          );
    }
    return field;
  }
}

/** The data type a definition asks for, when its class takes it; the class's own otherwise. */
function dataTypeOf(fieldType: FieldType, requested: string | undefined): string {
  if (requested === undefined) return fieldType.dataType;
  const accepted = fieldType.dataTypes ?? [fieldType.dataType];
  const dataType = requested.trim().toUpperCase();
  if (accepted.includes(dataType)) return dataType;
  throw new CmsError(
    Errors.FIELD_DATA_TYPE_UNSUPPORTED,
    {
      clazz: (fieldType.className.split('.').pop() ?? fieldType.className).replace(/^Immutable/, ''),
      dataType: requested,
      dataTypes: accepted.join(', '),
    },
    { fieldName: 'dataType' },
  );
}

function toFieldVariable(v: { key?: string; value?: string; id?: string }): FieldVariable {
  if (!v.key)
    throw new CmsError(Errors.FIELD_VARIABLE_KEY_REQUIRED, undefined, {
      fieldName: 'fieldVariables',
    });
  return { id: v.id ?? randomUUID(), key: v.key, value: v.value ?? '' };
}

function stripUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
