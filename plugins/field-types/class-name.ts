import { FIELD_CLASS_PACKAGE } from '../../core/plugin/kit.js';

/** `Text` → `com.cms.contenttype.model.field.ImmutableTextField`, the form answers use. */
export function fieldClassName(simpleName: string): string {
  return `${FIELD_CLASS_PACKAGE}Immutable${simpleName}Field`;
}
