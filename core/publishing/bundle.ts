import { createHash } from 'node:crypto';
import type { FieldInput } from '../content/field-service.js';
import type { Field } from '../model/field.js';

/** The content type as a bundle carries it: enough to create it where it is missing. */
export interface BundleContentType {
  variable: string;
  name: string;
  clazz: string;
  description: string;
  icon: string;
  /** The type's own fields (not those every type of its base type has, nor the layout rows and columns). */
  fields: FieldInput[];
}

/** One language version of the item: its field values, binaries as base64 `data:` URLs. */
export interface BundleVersion {
  languageId: number;
  values: Record<string, unknown>;
}

/**
 * What one push sends for one item: every live language version (`publish`), or, when no language
 * is live, that the item is to be unpublished (`unpublish`, no versions).
 */
export interface Bundle {
  bundleId: string;
  identifier: string;
  operation: 'publish' | 'unpublish';
  contentType: BundleContentType;
  versions: BundleVersion[];
}

/** The version of the format a receiver checks first. */
export const BUNDLE_FORMAT = 1;

/**
 * What identifies the content of a bundle, whatever push it belongs to: an unforced push is skipped
 * when the endpoint last accepted a bundle with the same hash.
 */
export function bundleHash(bundle: Bundle): string {
  const { bundleId: _bundleId, ...content } = bundle;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

const LAYOUT = /(Row|Column)Field$/;

/** A field as the receiving instance creates it. */
export function fieldInputOf(field: Field): FieldInput {
  const { id: _id, contentTypeId: _type, modDate: _m, iDate: _i, fieldVariables, ...input } = field;
  return { ...input, fieldVariables: fieldVariables.map(({ key, value }) => ({ key, value })) };
}

/** The fields a bundle carries: those the receiver would not create by itself. */
export function ownFields(fields: readonly Field[], implicit: ReadonlySet<string>): Field[] {
  return fields.filter((f) => !LAYOUT.test(f.clazz) && !implicit.has(f.variable));
}
