import { AssetSweeper } from '../../core/content/asset-sweeper.js';
import { CategoryService } from '../../core/content/category-service.js';
import { ContentLocks } from '../../core/content/content-locks.js';
import { ContentAnswers } from '../../core/content/content-answers.js';
import { ContentReader } from '../../core/content/content-reader.js';
import { ContentService } from '../../core/content/content-service.js';
import { ContentTypeCopier } from '../../core/content/content-type-copy.js';
import { ContentTypeService } from '../../core/content/content-type-service.js';
import { fieldParseContext } from '../../core/content/field-parse-context.js';
import { FieldLayoutService } from '../../core/content/field-layout-service.js';
import { FieldService, type FieldTypeLookup } from '../../core/content/field-service.js';
import { FieldTypeCatalogue } from '../../core/content/field-type-catalogue.js';
import { FieldVariableService } from '../../core/content/field-variable-service.js';
import { DefinitionCache } from '../../core/definitions/definition-cache.js';
import { LanguageService } from '../../core/language/language-service.js';
import { canonicalFieldClassName } from '../../core/plugin/field-type.js';
import { envelope } from '../http/envelope.js';
import { LegacyBodyReader } from '../legacy-content/legacy-body-reader.js';
import { contentletView } from '../views/contentlet-view.js';
import { declare } from './declare.js';

/** Content types, their fields, the content itself, languages and categories. */
export const contentServices = {
  // One cache of definitions for the whole app: saves, fires and reads share what they have read.
  definitions: declare({ needs: [], build: (): DefinitionCache => new DefinitionCache() }),
  /** The field type a field's class names, among those the plugins brought. */
  fieldTypeOf: declare({
    needs: ['registry'],
    build:
      ({ registry }): FieldTypeLookup =>
      (className) =>
        registry.fieldTypes.get(canonicalFieldClassName(className)),
  }),
  languages: declare({ needs: ['storage'], build: (d): LanguageService => new LanguageService(d) }),
  categories: declare({ needs: ['storage'], build: (d): CategoryService => new CategoryService(d) }),
  fields: declare({
    needs: ['storage', 'fieldTypeOf', 'indexQueue'],
    build: (d): FieldService => new FieldService(d),
  }),
  contentTypes: declare({
    needs: ['storage', 'fields', 'definitions', 'permissions', 'indexQueue'],
    build: (d): ContentTypeService => new ContentTypeService(d),
  }),
  contentTypeCopier: declare({
    needs: ['storage', 'contentTypes'],
    build: (d): ContentTypeCopier => new ContentTypeCopier({ storage: d.storage, types: d.contentTypes }),
  }),
  fieldVariables: declare({
    needs: ['storage', 'contentTypes'],
    build: (d): FieldVariableService => new FieldVariableService({ storage: d.storage, types: d.contentTypes }),
  }),
  fieldLayout: declare({
    needs: ['storage', 'contentTypes', 'fields'],
    build: (d): FieldLayoutService =>
      new FieldLayoutService({ storage: d.storage, types: d.contentTypes, fields: d.fields }),
  }),
  fieldTypes: declare({
    needs: ['registry'],
    build: (d): FieldTypeCatalogue => new FieldTypeCatalogue({ loaded: () => d.registry.fieldTypes.values() }),
  }),
  content: declare({
    needs: ['fieldTypeOf', 'assets', 'definitions', 'indexQueue', 'relatedQuery', 'events'],
    build: ({ fieldTypeOf, assets, ...d }): ContentService =>
      new ContentService({
        ...d,
        typeOf: (field) => fieldTypeOf(field.clazz),
        parseContext: (tx) => fieldParseContext(tx, assets),
      }),
  }),
  contentReader: declare({
    needs: ['storage', 'content', 'settings', 'definitions', 'permissions'],
    build: ({ settings, ...d }): ContentReader =>
      new ContentReader({ ...d, anonymous: settings.anonymousContentAccess }),
  }),
  contentAnswers: declare({
    needs: ['storage', 'contentReader', 'settings', 'definitions', 'permissions', 'fields'],
    build: ({ settings, contentReader, fields, ...d }): ContentAnswers => {
      const typeOf = fields.typeOf.bind(fields);
      return new ContentAnswers({
        ...d,
        reader: contentReader,
        anonymous: settings.anonymousContentAccess,
        bounds: settings.contentAnswerCache,
        // The envelope is serialised with the item, once: a cached answer is written as it is.
        serialise: (read) => Buffer.from(JSON.stringify(envelope(contentletView(read, typeOf)))),
      });
    },
  }),
  contentLocks: declare({
    needs: ['storage', 'content', 'contentReader', 'definitions', 'permissions'],
    build: (d): ContentLocks => new ContentLocks(d),
  }),
  assetSweeper: declare({
    needs: ['storage', 'assets', 'logger', 'settings'],
    build: ({ storage, assets, logger, settings }): AssetSweeper =>
      new AssetSweeper({
        storage,
        assets,
        logger: logger.child({ area: 'asset-sweep' }),
        graceMs: settings.assetSweepGraceMs,
      }),
  }),
  /** Reads the members of legacy save bodies, large ones on a worker thread. */
  legacyBodies: declare({
    needs: ['settings'],
    build: (d): LegacyBodyReader => new LegacyBodyReader({ limits: d.settings.legacyBodies }),
  }),
};
