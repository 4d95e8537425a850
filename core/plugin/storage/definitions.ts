import type { Category } from '../../model/category.js';
import type { ContentType } from '../../model/content-type.js';
import type { Field, FieldVariable } from '../../model/field.js';
import type { Language } from '../../model/language.js';
import type { Page, PageRequest } from '../../model/page.js';
import type { ContentTypeSortColumn, Sort } from '../../model/sort.js';

// What content is made of: languages, content types, fields and categories.

export interface LanguageRepository {
  /** Stores a language and answers its new id (1, 2, 3, ... in insertion order). */
  insert(language: Omit<Language, 'id'>): Promise<number>;
  findById(id: number): Promise<Language | undefined>;
  findByCode(languageCode: string, countryCode: string): Promise<Language | undefined>;
  list(): Promise<Language[]>;
  /** Writes the codes and names; `RECORD_NOT_UNIQUE` when another language holds the codes. */
  update(language: Language): Promise<void>;
}

export interface ContentTypeQuery extends PageRequest {
  /** Case-insensitive substring of the name or the variable. */
  filter?: string;
  /** Only types of these sites (identifiers; `SYSTEM_HOST` for the system's); an empty list matches none. */
  hosts?: readonly string[];
  /** Only types of these base types (`CONTENT`, `FILEASSET`, ...); an empty list matches none. */
  baseTypes?: readonly string[];
  /** Only types with these variables (case-insensitive); an empty list matches none. */
  variables?: readonly string[];
  sort?: Sort<ContentTypeSortColumn>;
}

export interface ContentTypeRepository {
  /** Stores the type and its workflow bindings. */
  insert(type: ContentType): Promise<void>;
  /** Replaces every column and the workflow bindings. */
  update(type: ContentType): Promise<void>;
  /** Removes the type, its fields and its bindings. */
  delete(id: string): Promise<void>;
  findById(id: string): Promise<ContentType | undefined>;
  /** Case-insensitive. */
  findByVariable(variable: string): Promise<ContentType | undefined>;
  /** By name (ignoring case) unless sorted otherwise; ties by id. */
  list(query: ContentTypeQuery): Promise<Page<ContentType>>;
  /** Ids of the types bound to a workflow scheme, in no particular order. */
  idsBoundTo(schemeId: string): Promise<string[]>;
}

export interface FieldRepository {
  /** The field and its variables. */
  insert(field: Field): Promise<void>;
  /** The field's own settings: its variables are written one at a time (below), or all by `replaceVariables`. */
  update(field: Field): Promise<void>;
  /** The field with its variables. */
  delete(id: string): Promise<void>;
  /** With its variables, in the order they were added. */
  findById(id: string): Promise<Field | undefined>;
  /** By sortOrder, then creation; each with its variables. */
  listByType(contentTypeId: string): Promise<Field[]>;
  /** Adds a variable after the field's others; `RECORD_NOT_UNIQUE` when the field holds its key (or id) already. */
  insertVariable(fieldId: string, variable: FieldVariable, at: number): Promise<void>;
  /** Changes a variable's key and value; `RECORD_NOT_UNIQUE` when another variable of the field holds the key. */
  updateVariable(fieldId: string, variable: FieldVariable, at: number): Promise<void>;
  deleteVariable(fieldId: string, variableId: string): Promise<void>;
  /** All of a field's variables at once (a field update that carries them). */
  replaceVariables(fieldId: string, variables: readonly FieldVariable[], at: number): Promise<void>;
}

export interface CategoryRepository {
  insert(category: Category): Promise<void>;
  findByInode(inode: string): Promise<Category | undefined>;
  findByKey(key: string): Promise<Category | undefined>;
  findByVariable(variable: string): Promise<Category | undefined>;
  /** Children of a parent (null: the top level), by sortOrder then name ignoring case. */
  listChildren(parent: string | null): Promise<Category[]>;
  /** Writes every column but the inode; `RECORD_NOT_UNIQUE` when another category holds the key or variable. */
  update(category: Category): Promise<void>;
  /** Removes the one row; its children are the caller's to remove (or keep) first. */
  delete(inode: string): Promise<void>;
}
