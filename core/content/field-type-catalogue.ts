import type { FieldType } from '../plugin/field-type.js';

/** One entry of `GET /api/v1/fieldTypes`. */
export interface FieldTypeEntry {
  /** The class's simple name without `Immutable` and `Field`, lower-case: `text`, `tabdivider`. */
  id: string;
  /** What an editor offers: `Text`, `Tab Divider`. */
  label: string;
  clazz: string;
  dataType: string;
  /** The data types a field of the type may be declared with. */
  dataTypes: string[];
}

/** The field types loaded (built-in and third-party), as clients list them to build their editors. */
export class FieldTypeCatalogue {
  private readonly loaded: () => readonly FieldType[];

  constructor(options: { loaded: () => readonly FieldType[] }) {
    this.loaded = options.loaded;
  }

  list(): FieldTypeEntry[] {
    return this.loaded()
      .map((type) => {
        const simple = (type.className.split('.').pop() ?? type.className)
          .replace(/^Immutable/, '')
          .replace(/Field$/, '');
        return {
          id: simple.toLowerCase(),
          label: simple.replace(/([a-z])([A-Z])/g, '$1 $2'),
          clazz: type.className,
          dataType: type.dataType,
          dataTypes: [...(type.dataTypes ?? [type.dataType])],
        };
      })
      .sort((a, b) => a.label.localeCompare(b.label));
  }
}
