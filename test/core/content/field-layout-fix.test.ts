import t from 'tap';
import { COLUMN_CLASS, ROW_CLASS, TAB_DIVIDER_CLASS } from '../../../core/content/field-layout.js';
import { fixLayout } from '../../../core/content/field-layout-fix.js';
import type { Field } from '../../../core/model/field.js';

const TEXT = 'com.cms.contenttype.model.field.ImmutableTextField';
const CLASS: Record<string, string> = { R: ROW_CLASS, C: COLUMN_CLASS, T: TAB_DIVIDER_CLASS };

/** Fields from a picture: `R` a Row, `C` a Column, `T` a Tab divider, anything else a text field of that variable. */
const fields = (...names: string[]): Field[] =>
  names.map(
    (name, sortOrder) =>
      ({ id: `${name}${sortOrder}`, clazz: CLASS[name] ?? TEXT, variable: name, sortOrder }) as Field,
  );

/** The fixed layout as a picture: dividers made are lower-case. */
const picture = (input: Field[]) => {
  const fix = fixLayout(input);
  if (!fix) return undefined;
  return {
    slots: fix.slots.map((s) => (s === 'row' ? 'r' : s === 'column' ? 'c' : s.variable)),
    removed: fix.removed.map((f) => f.variable),
  };
};

t.test('a valid layout needs no mending', async (t) => {
  t.equal(picture(fields('R', 'C', 'a', 'C', 'b', 'T', 'R', 'C', 'c')), undefined);
  t.equal(picture(fields('R', 'C')), undefined, 'a row with an empty column stays');
  t.equal(picture(fields('T')), undefined, 'a lone tab stays');
  t.equal(picture([]), undefined, 'no fields, nothing to mend');
});

t.test('missing dividers are made, empty rows dropped, a fifth column joins the fourth', async (t) => {
  t.same(picture(fields('a', 'b')), { slots: ['r', 'c', 'a', 'b'], removed: [] }, 'fields before any row');
  t.same(picture(fields('R', 'a')), { slots: ['R', 'c', 'a'], removed: [] }, 'a row without a column');
  t.same(picture(fields('T', 'a')), { slots: ['T', 'r', 'c', 'a'], removed: [] }, 'fields after a tab');
  t.same(picture(fields('R', 'R', 'C', 'a')), { slots: ['R', 'C', 'a'], removed: ['R'] }, 'an empty row');
  t.same(picture(fields('R', 'C', 'a', 'R')), { slots: ['R', 'C', 'a'], removed: ['R'] }, 'a trailing row');
  t.same(
    picture(fields('R', 'C', 'a', 'C', 'b', 'C', 'c', 'C', 'd', 'C', 'e')),
    { slots: ['R', 'C', 'a', 'C', 'b', 'C', 'c', 'C', 'd', 'e'], removed: ['C'] },
    'at most four columns',
  );
});
