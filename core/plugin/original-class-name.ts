/**
 * The original system's packages, as its clients send class names: `com.dotcms.` (content-type and
 * field classes, some actionlets) and `com.dotmarketing.` (most actionlets, e.g.
 * `com.dotmarketing.portlets.workflows.actionlet.PublishContentActionlet`).
 */
const ORIGINAL_PACKAGES = ['com.dotcms.', 'com.dotmarketing.'] as const;

/** The neutral package this service names its classes in (what every answer shows). */
export const CLASS_PACKAGE_ROOT = 'com.cms.';

/**
 * A class name as this service spells it: the original's `com.dotcms.` and `com.dotmarketing.`
 * prefixes become `com.cms.`, so a client of the original works unchanged; any other name (ours,
 * a simple name, a third party's) is answered as it is. Apply it to every class name read from a
 * request (content-type and field `clazz`, `actionletClass`, imported definitions); answers keep
 * the `com.cms.` form.
 *
 * @example
 * fromOriginalClassName('com.dotcms.contenttype.model.field.ImmutableTextField');
 * // → 'com.cms.contenttype.model.field.ImmutableTextField'
 */
export function fromOriginalClassName(className: string): string {
  for (const prefix of ORIGINAL_PACKAGES)
    if (className.startsWith(prefix)) return CLASS_PACKAGE_ROOT + className.slice(prefix.length);
  return className;
}
