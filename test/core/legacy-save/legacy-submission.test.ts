import t from 'tap';
import { legacySubmission } from '../../../core/legacy-save/legacy-form.js';
import type { ContentType } from '../../../core/model/content-type.js';
import type { Field } from '../../../core/model/field.js';

const TYPE = { id: 'type-1', variable: 'Blog' } as ContentType;
const FIELDS = [{ variable: 'title', clazz: 'com.cms.contenttype.model.field.ImmutableTextField' } as Field];

t.test('a __proto__ member is a value like any other, never the prototype of the values', async (t) => {
  const form = JSON.parse('{"contentType":"Blog","__proto__":{"title":"from the prototype"}}') as Record<
    string,
    unknown
  >;
  const { submission } = legacySubmission({ form, type: TYPE, fields: FIELDS, files: [] });
  t.equal(Object.getPrototypeOf(submission.values), Object.prototype, 'the prototype is untouched');
  t.equal(submission.values.title, undefined, 'no field value comes from a sent prototype');
  t.ok(Object.hasOwn(submission.values, '__proto__'), 'kept as an own member, reported like any unknown key');
});
