/** A content type: the schema of a kind of content item. */
export interface ContentType {
  id: string;
  /** `com.cms.contenttype.model.type.ImmutableSimpleContentType` and the like. */
  clazz: string;
  baseType: BaseContentType;
  name: string;
  description: string;
  /** Unique; used in paths and as the `contentType` of submitted content. */
  variable: string;
  /** Site identifier. */
  host: string;
  folder: string;
  owner: string;
  defaultType: boolean;
  fixed: boolean;
  system: boolean;
  versionable: boolean;
  multilingualable: boolean;
  icon: string;
  sortOrder: number;
  /** Bound workflow scheme ids, in order. */
  workflows: string[];
  modDate: number;
  iDate: number;
}

export const BASE_CONTENT_TYPES = [
  'CONTENT',
  'WIDGET',
  'FORM',
  'FILEASSET',
  'HTMLPAGE',
  'PERSONA',
  'VANITY_URL',
  'KEY_VALUE',
  'DOTASSET',
] as const;
export type BaseContentType = (typeof BASE_CONTENT_TYPES)[number];

export const CONTENT_TYPE_CLASS_PACKAGE = 'com.cms.contenttype.model.type.';

/** The class each base type answers with. */
export const CLASS_OF_BASE_TYPE: Record<BaseContentType, string> = {
  CONTENT: 'ImmutableSimpleContentType',
  WIDGET: 'ImmutableWidgetContentType',
  FORM: 'ImmutableFormContentType',
  FILEASSET: 'ImmutableFileAssetContentType',
  HTMLPAGE: 'ImmutablePageContentType',
  PERSONA: 'ImmutablePersonaContentType',
  VANITY_URL: 'ImmutableVanityUrlContentType',
  KEY_VALUE: 'ImmutableKeyValueContentType',
  DOTASSET: 'ImmutableDotAssetContentType',
};

/** The System Workflow every type without a workflow of its own is bound to. */
export const SYSTEM_WORKFLOW_ID = 'd61a59e1-a49c-46f2-a929-db2b4bfa88b2';
