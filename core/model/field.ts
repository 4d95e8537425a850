/** A key/value pair attached to a field (`fieldVariables`). */
export interface FieldVariable {
  id: string;
  key: string;
  value: string;
}

/** A field of a content type. */
export interface Field {
  id: string;
  contentTypeId: string;
  /** The canonical `com.cms.contenttype.model.field.Immutable…Field` class name. */
  clazz: string;
  name: string;
  /** Unique within the type; the key of the value in submitted content and in the contentlet map. */
  variable: string;
  dataType: string;
  sortOrder: number;
  regexCheck: string | null;
  defaultValue: string | null;
  hint: string | null;
  /** Options (`Label|value` lines), a constant's value, or a relationship's cardinality. */
  values: string | null;
  required: boolean;
  searchable: boolean;
  indexed: boolean;
  listed: boolean;
  unique: boolean;
  readOnly: boolean;
  fixed: boolean;
  /** Relationship fields: the related content type's variable. */
  relationType: string | null;
  fieldVariables: FieldVariable[];
  modDate: number;
  iDate: number;
}
