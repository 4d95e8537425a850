import { canonicalFieldClassName } from '../../core/plugin/kit.js';

/** `Text` → `com.cms.contenttype.model.field.ImmutableTextField`, the form answers use. */
export function fieldClassName(simpleName: string): string {
  return canonicalFieldClassName(`${simpleName}Field`);
}
