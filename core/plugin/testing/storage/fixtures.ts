import type { ContentType, DriverStorage, Field, Role, Site, User } from '../../kit.js';

// Records the suites store, complete and valid, with what each test changes given.

/** How a unique-key violation reaches core: the catalogue's RECORD_NOT_UNIQUE. */
export const RecordNotUnique = { code: 'RECORD_NOT_UNIQUE' };

export const role = (id: string, overrides: Partial<Role> = {}): Role => ({
  id,
  name: `Role ${id}`,
  key: `key-${id}`,
  description: '',
  system: false,
  personal: false,
  parent: null,
  ...overrides,
});
export const user = (userId: string, email: string, roleId: string): User => ({
  userId,
  email,
  firstName: 'F',
  lastName: 'L',
  passwordHash: 'scrypt$x',
  active: true,
  roleId,
  createdAt: 1_700_000_000_000,
  modDate: 1_700_000_000_001,
});
export const site = (identifier: string, siteName: string): Site => ({
  identifier,
  inode: `i-${identifier}`,
  siteName,
  aliases: '',
  isDefault: false,
  system: false,
  archived: false,
  live: true,
  modUser: 'u',
  modDate: 1_700_000_000_000,
});

export function definitionType(id: string): ContentType {
  return {
    id,
    clazz: 'com.cms.contenttype.model.type.ImmutableSimpleContentType',
    baseType: 'CONTENT',
    name: `Type ${id}`,
    description: '',
    variable: `Type${id}`,
    host: 'SYSTEM_HOST',
    folder: 'SYSTEM_FOLDER',
    owner: 'o',
    defaultType: false,
    fixed: false,
    system: false,
    versionable: true,
    multilingualable: false,
    icon: 'event_note',
    sortOrder: 0,
    workflows: [],
    modDate: 1,
    iDate: 1,
  };
}

export function definitionField(id: string, contentTypeId: string): Field {
  return {
    id,
    contentTypeId,
    clazz: 'com.cms.contenttype.model.field.ImmutableTextField',
    name: id,
    variable: id,
    dataType: 'TEXT',
    sortOrder: 1,
    regexCheck: null,
    defaultValue: null,
    hint: null,
    values: null,
    required: false,
    searchable: false,
    indexed: false,
    listed: false,
    unique: false,
    readOnly: false,
    fixed: false,
    relationType: null,
    fieldVariables: [],
    modDate: 1,
    iDate: 1,
  };
}

/** English as language 1 and a content type `ct`: what a content row needs before it can be stored. */
export async function englishAndType(s: DriverStorage): Promise<number> {
  const languageId = await s.languages.insert({
    languageCode: 'en',
    countryCode: 'US',
    language: 'English',
    country: 'United States',
  });
  await s.contentTypes.insert(definitionType('ct'));
  return languageId;
}

/** English and the type `ct` (`englishAndType`), then French: the two languages' ids. */
export async function englishFrenchAndType(s: DriverStorage): Promise<{ en: number; fr: number }> {
  const en = await englishAndType(s);
  const fr = await s.languages.insert({ languageCode: 'fr', countryCode: 'FR', language: 'French', country: 'France' });
  return { en, fr };
}

/** An item of the type `ct` at the root of the system host. */
export function identifierOfCt(identifier: string) {
  return {
    identifier,
    contentTypeId: 'ct',
    host: 'SYSTEM_HOST',
    folder: 'SYSTEM_FOLDER',
    parentPath: '/',
    assetName: null,
    owner: 'o',
    createdAt: 1,
  };
}

/** A version of the item `id1`, titled by its inode. */
export function versionOfId1(inode: string, languageId: number, values: Record<string, unknown>) {
  return { inode, identifier: 'id1', languageId, title: inode, modUser: 'u', modDate: 1, sortOrder: 0, values };
}
