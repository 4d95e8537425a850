// @ts-check
// A field type as a third party writes it: one file, the plugin kit and nothing else of the service.
import { FieldValueError, PLUGIN_API_VERSION, defineFieldType, definePlugin } from 'cms/plugin';

/** The longest slug when the field's definition does not say (its `values`). */
const DEFAULT_MAX_LENGTH = 100;

/**
 * `"Héllo Wörld, again!"` → `"hello-world-again"`. Accepts a finished slug as well as any title,
 * which is what forms and CSV imports of the legacy interface send.
 * @param {string} text
 */
export function slugOf(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents, split off by NFKD
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** @param {string | null} values */
function maxLengthOf(values) {
  return values ? Number(values) : DEFAULT_MAX_LENGTH;
}

export const slugField = defineFieldType({
  className: 'com.example.cms.SlugField',
  dataType: 'TEXT',
  kind: 'value',
  // Called for every submitted value (never for an empty one), and for the field's default value.
  parse(value, field) {
    if (typeof value !== 'string' && typeof value !== 'number') throw new FieldValueError('must be text');
    const slug = slugOf(String(value));
    if (slug === '') throw new FieldValueError(`"${value}" holds no letter or digit to make a slug of`);
    const max = maxLengthOf(field.values);
    if (slug.length > max) throw new FieldValueError(`must be at most ${max} characters long as a slug`);
    return slug; // the stored form: a JSON value
  },
  toContentMap: (stored) => stored,
  toIndex: (stored) => stored,
  // Slugs are looked up whole (filters, unique checks), never by words.
  searchMapping: () => ({ type: 'keyword' }),
  // The field's definition is checked when a content type gets the field.
  validateDefinition(field) {
    if (field.values === null || field.values === '') return undefined;
    const max = Number(field.values);
    return Number.isInteger(max) && max > 0 ? undefined : 'values must be the longest slug allowed (a whole number)';
  },
});

export default definePlugin({
  name: 'example-slug-field',
  apiVersion: PLUGIN_API_VERSION,
  cmsVersion: '^0.1.0',
  description: 'The Slug field type',
  setup: () => ({ fieldTypes: [slugField] }),
});
