import t from 'tap';
import { placeBinaries } from '../../../core/legacy-save/binary-placement.js';
import type { Field } from '../../../core/model/field.js';

const binary = (variable: string, required = false) =>
  ({ variable, required, clazz: 'com.cms.contenttype.model.field.ImmutableBinaryField' }) as Field;
const FIELDS = [binary('photo'), binary('thumb'), binary('pdf', true)];

/** Stand-ins for spooled multipart files: only what placement reads. */
const file = (fileName: string) => ({
  kind: 'file' as const,
  name: 'file',
  fileName,
  path: `/tmp/${fileName}`,
  size: 1,
});

const place = (files: ReturnType<typeof file>[], listed?: string[], names: string[] = []) =>
  placeBinaries({ type: 'Doc', binaryFields: FIELDS, files, listed, names });

t.test('one file without binary_fields goes to the first Binary field', async (t) => {
  t.same(Object.keys(place([file('a.png')])), ['photo']);
  t.same(place([]), {}, 'no file, nothing placed');
  t.throws(() => placeBinaries({ type: 'Doc', binaryFields: [], files: [file('a')], listed: undefined, names: [] }), {
    code: 'LEGACY_NO_BINARY_FIELD',
  });
});

t.test('several files need binary_fields, one field per file, in file order', async (t) => {
  t.throws(() => place([file('a'), file('b')]), { code: 'LEGACY_BINARY_FIELDS_MISMATCH' });
  const placed = place([file('a.pdf'), file('b.png')], ['pdf', 'photo']);
  t.equal(placed.pdf!.fileName, 'a.pdf');
  t.equal(placed.photo!.fileName, 'b.png');
  t.notOk('thumb' in placed, 'a Binary field left out of the list gets nothing');
  t.throws(() => place([file('a'), file('b')], ['pdf']), { code: 'LEGACY_BINARY_FIELDS_MISMATCH' }, 'too few names');
  t.throws(() => place([file('a')], ['pdf', 'photo']), { code: 'LEGACY_BINARY_FIELDS_MISMATCH' }, 'too many names');
  t.throws(() => place([], ['pdf']), { code: 'LEGACY_BINARY_FIELDS_MISMATCH' }, 'names but no file');
  t.throws(() => place([file('a'), file('b')], ['pdf', 'pdf']), { code: 'LEGACY_BINARY_FIELD_UNKNOWN' }, 'twice');
  t.throws(() => place([file('a')], ['title']), { code: 'LEGACY_BINARY_FIELD_UNKNOWN' }, 'not a Binary field');
});

t.test('fileName names the files in order; a file without a name keeps its own', async (t) => {
  const placed = place([file('x.pdf'), file('y.png')], ['pdf', 'photo'], ['report.pdf']);
  t.equal(placed.pdf!.fileName, 'report.pdf');
  t.equal(placed.photo!.fileName, 'y.png');
  t.equal(placed.pdf!.path, '/tmp/x.pdf', 'the file itself is unchanged');
});
