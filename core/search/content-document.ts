import type { IndexedPermissions } from '../auth/indexed-permissions.js';
import { BASE_CONTENT_TYPES, type ContentType } from '../model/content-type.js';
import type { ContentIdentifier, ContentState, ContentVersion } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import { searchMappingOf, type FieldType, type SearchFieldMapping } from '../plugin/field-type.js';
import type { SearchDocument } from '../plugin/search-driver.js';
import { formatIndexDate } from './index-date.js';

/**
 * Which of an item's versions in one language a document stands for. The original keeps two
 * indices (working and live) with one document `<identifier>_<languageId>` each; our index is one,
 * so the slot is part of the id (`documentId`). The working slot always holds the working version;
 * the live slot holds the live version only while it differs from the working one (otherwise the
 * working document, whose `live` is true, answers both), so no search ever sees a version twice:
 * a live search filters `live:true`, a working search `working:true`.
 */
export type DocumentSlot = 'working' | 'live';

/** The id of the document of an item's slot in a language: `<identifier>_<languageId>_<slot>`. */
export function documentId(identifier: string, languageId: number, slot: DocumentSlot): string {
  return `${identifier}_${languageId}_${slot}`;
}

/** Where the item stands in its workflow: its task, or (none yet) the schemes of its type. */
export type WorkflowPosition =
  | {
      kind: 'task';
      schemeId: string;
      stepId: string;
      stepName: string;
      createdBy: string;
      assignedTo: string | null;
      modDate: number;
    }
  /** No task: the schemes bound to the type and their first steps, as the original indexes them. */
  | { kind: 'none'; schemes: ReadonlyArray<{ schemeId: string; firstStepId: string | undefined }> };

export interface ContentDocumentInput {
  version: ContentVersion;
  state: ContentState;
  identifier: ContentIdentifier;
  type: ContentType;
  fields: readonly Field[];
  /** The field type plugin of a field (the registry's look-up by class name); undefined: not indexed. */
  typeOf: (field: Field) => FieldType | undefined;
  workflow: WorkflowPosition;
  permissions: IndexedPermissions;
  slot: DocumentSlot;
  /** The site's name (`conhostname`), when known. */
  siteName?: string;
}

/** What the original's `wfCurrentStepName` holds for an item that has no task yet. */
export const NOT_ASSIGNED_STEP = 'notassigned';

/**
 * The search document of one content version, with the members of the original's
 * `ESMappingAPIImpl.toMap`: every name lower-case (queries name fields case-insensitively, the
 * search side lower-cases names), and every text value lower-case, as the original stores them (the
 * search side lower-cases terms of keyword members too). Text members get a `<name>_dotraw` twin
 * (the exact value, for sorting and facets); dates are `yyyy-MM-ddTHH:mm:ss` in UTC (the
 * original's `elasticSearchDateTimeFormat`); `basetype` is the base type's number (`CONTENT` is 1).
 * Each field the type marks `indexed` is a member `<type>.<field>`, typed by its field type's
 * `searchMapping`; `catchall` joins every text value. Permission data: `permissions` (role ids
 * holding READ) with `ownercanread`, `ownercanwrite`, `ownercanpublish`.
 */
export function contentDocument(input: ContentDocumentInput): SearchDocument {
  const { version, state, identifier, type } = input;
  const members: Record<string, unknown> = {
    inode: version.inode,
    identifier: identifier.identifier,
    shortid: identifier.identifier.replace(/-/g, ''),
    shortinode: version.inode.replace(/-/g, ''),
    type: 'content',
    title: version.title,
    contenttype: type.variable,
    structurename: type.variable,
    basetype: BASE_CONTENT_TYPES.indexOf(type.baseType) + 1,
    structuretype: BASE_CONTENT_TYPES.indexOf(type.baseType) + 1,
    systemtype: type.system,
    languageid: version.languageId,
    variant: 'DEFAULT',
    live: state.liveInode === version.inode,
    working: state.workingInode === version.inode,
    deleted: state.archived,
    locked: state.lockedBy !== null,
    owner: identifier.owner,
    moduser: version.modUser,
    moddate: formatIndexDate(version.modDate),
    creationdate: formatIndexDate(identifier.createdAt),
    versionts: formatIndexDate(state.modDate),
    conhost: identifier.host,
    conhostname: input.siteName,
    confolder: identifier.folder,
    parentpath: identifier.parentPath,
    path: identifier.assetName === null ? undefined : joinPath(identifier.parentPath, identifier.assetName),
    ...workflowMembers(input.workflow),
  };
  // The original indexes a page's URL (its name in its folder) as a field of the page's type.
  if (type.baseType === 'HTMLPAGE' && identifier.assetName !== null)
    members[`${type.variable}.url`.toLowerCase()] = identifier.assetName;
  const dates = new Set(DATE_MEMBERS);
  Object.assign(members, fieldMembers(input, dates));
  const document: Record<string, unknown> = {};
  const text: string[] = [];
  for (const [name, value] of Object.entries(members)) {
    if (value === undefined || value === null) continue;
    if (dates.has(name)) {
      document[name] = value;
      continue;
    }
    const lowered = lowerCased(value);
    document[name] = lowered;
    if (typeof lowered === 'string') {
      text.push(lowered);
      document[`${name}_dotraw`] = lowered;
    } else if (Array.isArray(lowered)) {
      for (const item of lowered) if (typeof item === 'string') text.push(item);
    }
  }
  document.permissions = input.permissions.readers.map((r) => r.toLowerCase());
  document.ownercanread = input.permissions.ownerCanRead;
  document.ownercanwrite = input.permissions.ownerCanWrite;
  document.ownercanpublish = input.permissions.ownerCanPublish;
  document.catchall = text.join(' ');
  document.id = documentId(identifier.identifier, version.languageId, input.slot);
  return document as SearchDocument;
}

/** Members holding a date: kept as formatted (not lower-cased), with no text twin, out of `catchall`. */
const DATE_MEMBERS: ReadonlySet<string> = new Set(['moddate', 'creationdate', 'versionts', 'wfmoddate']);

function workflowMembers(workflow: WorkflowPosition): Record<string, unknown> {
  if (workflow.kind === 'task') {
    return {
      wfscheme: workflow.schemeId,
      wfstep: workflow.stepId,
      wfcurrentstepname: workflow.stepName,
      wfcreatedby: workflow.createdBy,
      wfassign: workflow.assignedTo,
      wfmoddate: formatIndexDate(workflow.modDate),
    };
  }
  const withStep = workflow.schemes.filter((s) => s.firstStepId !== undefined);
  return {
    // NOTE: the original joins the scheme ids with a space and lists the steps: kept so, for its queries.
    wfscheme: withStep.map((s) => s.schemeId).join(' '),
    wfstep: withStep.map((s) => s.firstStepId!),
    wfcurrentstepname: NOT_ASSIGNED_STEP,
  };
}

/**
 * One member per field that holds a value, named `<type>.<field>` in lower case. Every field is
 * indexed, as the original's index holds every field of an item: its `indexed` flag ("System
 * Indexed") only says which fields its back-office search form offers. A field type keeps values
 * out with the mapping `none`.
 */
function fieldMembers(input: ContentDocumentInput, dates: Set<string>): Record<string, unknown> {
  const members: Record<string, unknown> = {};
  for (const field of input.fields) {
    const fieldType = input.typeOf(field);
    if (!fieldType) continue;
    const mapping = searchMappingOf(fieldType, field);
    if (mapping.type === 'none') continue;
    const stored =
      fieldType.kind === 'fixed'
        ? (input.version.values[field.variable] ?? field.values)
        : input.version.values[field.variable];
    if (stored === undefined || stored === null || stored === '') continue;
    const value = typedValue(fieldType.toIndex(stored, field), mapping.type);
    if (value === undefined) continue;
    const name = `${input.type.variable}.${field.variable}`.toLowerCase();
    if (mapping.type === 'date') dates.add(name);
    members[name] = value;
  }
  return members;
}

/** The value `toIndex` answered, in the JSON type of its mapping; undefined when it cannot be one. */
export function typedValue(value: unknown, mapping: SearchFieldMapping['type']): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => typedValue(item, mapping)).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  switch (mapping) {
    case 'long':
    case 'double': {
      const number = typeof value === 'number' ? value : Number(String(value).trim());
      return Number.isFinite(number) && String(value).trim() !== '' ? number : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return /^(true|false)$/i.test(String(value).trim()) ? String(value).trim().toLowerCase() === 'true' : undefined;
    case 'date':
      return formatIndexDate(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

function lowerCased(value: unknown): unknown {
  if (typeof value === 'string') return value.toLowerCase();
  if (Array.isArray(value)) return value.map(lowerCased);
  return value;
}

function joinPath(parentPath: string, name: string): string {
  return `${parentPath.replace(/\/$/, '')}/${name}`;
}
