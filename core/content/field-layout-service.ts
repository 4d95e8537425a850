import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Field } from '../model/field.js';
import { canonicalFieldClassName } from '../plugin/field-type.js';
import type { Storage } from '../plugin/storage/index.js';
import type { ContentTypeService } from './content-type-service.js';
import { COLUMN_CLASS, ROW_CLASS, flattenLayout, layoutProblem, layoutRows, type LayoutRow } from './field-layout.js';
import type { FieldInput, FieldService } from './field-service.js';

/** A field as a layout sent by a client holds it: an existing field by id, or a new one by its definition. */
export type LayoutEntry = FieldInput & { id?: string };

/** The original's `allfields` criteria, each a flag of the field. */
const CRITERIA = {
  REQUIRED: (f: Field) => f.required,
  USER_SEARCHABLE: (f: Field) => f.searchable,
  SYSTEM_INDEXED: (f: Field) => f.indexed,
  SHOW_IN_LIST: (f: Field) => f.listed,
  UNIQUE: (f: Field) => f.unique,
} as const;

/**
 * The v3 field endpoints: a type's fields as rows and columns (its Row, Column and Tab divider
 * fields), reordered, changed or removed with the layout answered back.
 */
export class FieldLayoutService {
  private readonly storage: Storage;
  private readonly types: ContentTypeService;
  private readonly fields: FieldService;

  constructor(options: { storage: Storage; types: ContentTypeService; fields: FieldService }) {
    this.storage = options.storage;
    this.types = options.types;
    this.fields = options.fields;
  }

  async layout(typeIdOrVariable: string): Promise<LayoutRow[]> {
    return layoutRows((await this.types.get(typeIdOrVariable)).fields);
  }

  /** The fields carrying every flag named (all fields when none is). */
  async filtered(typeIdOrVariable: string, criteria: readonly string[]): Promise<Field[]> {
    const tests = criteria.map((name) => {
      const test = CRITERIA[name.trim().toUpperCase() as keyof typeof CRITERIA] as ((f: Field) => boolean) | undefined;
      if (!test) throw new CmsError(Errors.FIELD_FILTER_UNKNOWN, { filter: name }, { fieldName: 'filter' });
      return test;
    });
    return (await this.types.get(typeIdOrVariable)).fields.filter((f) => tests.every((test) => test(f)));
  }

  /**
   * Puts the fields in the order of the layout sent: existing fields (by id) take their position as
   * sortOrder, Rows and Columns are renamed `fields-N` as the original does, and entries without an
   * id are created there. Fields of the type the layout leaves out keep their order after it.
   */
  async move(principal: Principal, typeIdOrVariable: string, rows: ReadonlyArray<LayoutRow<LayoutEntry>>) {
    return this.storage.transaction(async (tx) => {
      const type = await this.types.findEditable(principal, typeIdOrVariable, tx);
      const existing = new Map((await tx.fields.listByType(type.id)).map((f) => [f.id, f]));
      const classed = rows.map((row) => ({
        divider: row.divider && withClass(row.divider, existing),
        ...(row.columns
          ? {
              columns: row.columns.map((c) => ({
                columnDivider: c.columnDivider && withClass(c.columnDivider, existing),
                fields: c.fields.map((f) => withClass(f, existing)),
              })),
            }
          : {}),
      }));
      const problem = layoutProblem(classed);
      if (problem) throw new CmsError(Errors.FIELD_LAYOUT_INVALID, { problem }, { fieldName: 'layout' });
      const flat = flattenLayout(classed);
      const placed = new Set<string>();
      let layoutIndex = 0;
      for (const [sortOrder, entry] of flat.entries()) {
        const isDivider = entry.clazz === ROW_CLASS || entry.clazz === COLUMN_CLASS;
        const name = isDivider ? `fields-${layoutIndex++}` : undefined;
        const current = entry.id ? existing.get(entry.id) : undefined;
        if (entry.id && !current)
          throw new CmsError(Errors.FIELD_LAYOUT_INVALID, { problem: `${entry.id} is not a field of the type` });
        if (current) {
          if (placed.has(current.id))
            throw new CmsError(Errors.FIELD_LAYOUT_INVALID, { problem: `${current.id} stands twice in the layout` });
          placed.add(current.id);
          await tx.fields.update({ ...current, sortOrder, ...(name ? { name } : {}) });
        } else {
          await this.fields.createIn(tx, type, [{ ...entry, sortOrder, ...(name ? { name } : {}) }]);
        }
      }
      let after = flat.length;
      for (const field of existing.values())
        if (!placed.has(field.id)) await tx.fields.update({ ...field, sortOrder: after++ });
      await tx.contentTypes.update({ ...type, modDate: Date.now() });
      return layoutRows(await tx.fields.listByType(type.id));
    });
  }

  /** Changes one field (its sortOrder stays: the layout decides it) and answers the layout. */
  async update(principal: Principal, typeIdOrVariable: string, fieldId: string, input: FieldInput) {
    const type = await this.types.findEditable(principal, typeIdOrVariable);
    const { sortOrder: _ignored, ...change } = input;
    await this.fields.update(type, fieldId, change);
    return this.layout(type.id);
  }

  /** Removes the fields named (ids the type does not have are passed over, as the original does). */
  async delete(principal: Principal, typeIdOrVariable: string, fieldIds: readonly string[]) {
    const type = await this.types.findEditable(principal, typeIdOrVariable);
    const deletedIds = await this.fields.deleteMany(type, fieldIds);
    return { fields: await this.layout(type.id), deletedIds };
  }
}

/** The entry with the class it has (an existing field's) or asks for, in canonical form. */
function withClass(entry: LayoutEntry, existing: ReadonlyMap<string, Field>): LayoutEntry {
  const current = entry.id ? existing.get(entry.id) : undefined;
  const clazz = current?.clazz ?? (entry.clazz ? canonicalFieldClassName(entry.clazz) : undefined);
  return { ...entry, ...(clazz ? { clazz } : {}) };
}
