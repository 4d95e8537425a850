import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { readMultipartForm, type MultipartLimits } from '../http/multipart-form.js';
import { nameFilter } from '../../core/content/category-tree.js';
import { reply, route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { categoryPage, categorySort, withExtras } from '../route-helpers/category-listing.js';
import { CategorySchema, categoryView } from '../views/category-view.js';
import { BulkResultSchema, ListedCategorySchema, bulkResultView } from '../views/category-tree-view.js';

const CategoryUpdateForm = Type.Object(
  {
    inode: Type.Optional(Type.String({ maxLength: 255 })),
    categoryName: Type.Optional(Type.String({ maxLength: 255 })),
    key: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    parent: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  },
  { additionalProperties: true },
);

const SortForm = Type.Object(
  {
    categoryData: Type.Optional(
      Type.Record(Type.String(), Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), {
        description: 'Sort order by category inode',
      }),
    ),
    parentInode: Type.Optional(Type.String({ maxLength: 255 })),
    filter: Type.Optional(Type.String({ maxLength: 255 })),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: true },
);

const ImportForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'The CSV: name, key, variable, sort' }),
  exportType: Type.String({ enum: ['merge', 'replace'] }),
  contextInode: Type.Optional(Type.String({ description: 'Import under this category; the top level without one' })),
});

type Uploads = { tempDir: string; limits: MultipartLimits };

/** The parts of an import: the file (held in memory, no larger than a text part may be) and the fields. */
async function readImport(request: Parameters<typeof readMultipartForm>[0], uploads: Uploads) {
  const form = await readMultipartForm(request, uploads);
  try {
    const fields = new Map<string, string>();
    let text: string | undefined;
    for (const part of form.parts) {
      if (part.kind === 'field') {
        if (part.name === 'file') text = part.value;
        else fields.set(part.name, part.value);
      } else if (part.name === 'file') {
        if (part.size > uploads.limits.maxFieldBytes) {
          throw new CmsError(Errors.HTTP_UPLOAD_PART_TOO_LARGE, {
            name: part.name,
            limit: uploads.limits.maxFieldBytes,
          });
        }
        text = await readFile(part.path, 'utf8');
      }
    }
    return { text, fields };
  } finally {
    await form.dispose();
  }
}

/** Changing categories: update, sort, delete, and the CSV import and export. */
export default defineRoutes('category changes', ['categories', 'uploads'], ({ categories, uploads }) => [
  route({
    method: 'PUT',
    path: '/api/v1/categories',
    access: 'admin',
    summary: 'Changes the category named by inode: its name, key and parent (members not sent keep their value)',
    body: CategoryUpdateForm,
    answers: { 404: 'no such category', 409: 'another category has the key' },
    response: { schema: CategorySchema },
    handler: async ({ body }) => categoryView(await categories.update(body)),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/categories/_sort',
    access: 'admin',
    summary:
      'Sets the sort order of categories (all or none), then answers the level of parentInode (the top level without one) a page at a time',
    body: SortForm,
    answers: { 404: 'no such parent category' },
    response: { schema: Type.Array(ListedCategorySchema) },
    handler: async ({ body }) => {
      await categories.sort(body.categoryData ?? {});
      const level = body.parentInode
        ? await categories.children({ inode: body.parentInode, filter: body.filter }, categorySort.read({}))
        : (await categories.list(undefined)).filter(nameFilter(body.filter));
      const { items, pagination } = categoryPage(level, { page: body.page, perPage: body.perPage });
      return reply(await withExtras(categories, items, { showChildrenCount: true }), { pagination });
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/categories',
    access: 'admin',
    summary:
      'Deletes the categories of these inodes with everything below them, in one transaction; inodes of no category are listed in fails',
    body: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 }),
    response: { schema: BulkResultSchema },
    handler: async ({ body }) => {
      const result = await categories.deleteMany(body);
      return bulkResultView({ successCount: result.deleted, fails: result.fails });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/categories/_export',
    access: 'user',
    summary:
      'The children of contextInode (the top level without one), filtered by name, as CSV: name, key, variable, sort',
    query: Type.Object({
      contextInode: Type.Optional(Type.String({ maxLength: 255 })),
      filter: Type.Optional(Type.String({ maxLength: 255 })),
    }),
    answers: { 404: 'no such category' },
    response: { mediaType: 'text/csv', schema: Type.String() },
    handler: async ({ query }) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply(await categories.exportCsv(query.contextInode, query.filter), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="categories_${day}.csv"`,
        },
      });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/categories/_import',
    access: 'admin',
    summary:
      'Imports a CSV of categories (name, key, variable, sort) under contextInode: `merge` updates by key and adds, `replace` removes what is there first; all or nothing',
    accepts: 'stream',
    bodyTypes: { 'multipart/form-data': ImportForm },
    answers: { 404: 'no such category', 413: 'the file is too large' },
    response: { schema: BulkResultSchema },
    handler: async ({ request }) => {
      const { text, fields } = await readImport(request, uploads);
      if (text === undefined)
        throw new CmsError(Errors.CATEGORY_IMPORT_FILE_REQUIRED, undefined, { fieldName: 'file' });
      const mode = fields.get('exportType');
      if (mode !== 'merge' && mode !== 'replace') {
        throw new CmsError(Errors.CATEGORY_IMPORT_TYPE_INVALID, undefined, { fieldName: 'exportType' });
      }
      const written = await categories.importCsv(text, { mode, contextInode: fields.get('contextInode') || undefined });
      return bulkResultView({ successCount: written });
    },
  }),
]);
