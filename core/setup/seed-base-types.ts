import { BASE_TYPE_FIELDS } from '../content/base-type-fields.js';
import type { FieldInput } from '../content/field-service.js';
import {
  CLASS_OF_BASE_TYPE,
  CONTENT_TYPE_CLASS_PACKAGE,
  SYSTEM_WORKFLOW_ID,
  type BaseContentType,
  type ContentType,
} from '../model/content-type.js';
import { SYSTEM_FOLDER, SYSTEM_HOST } from '../model/site.js';
import { ADMIN_USER_ID } from '../model/user.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import { ignoreIfPresent } from './seed-installation.js';

/** The original's identifiers of its default page and file types: bundles and clients name them. */
export const BASE_TYPE_IDS = {
  page: 'c541abb1-69b3-4bc5-8430-5e09e5239cc8',
  file: '33888b6f-7a8e-4069-b1b6-5c1aa9d0a48d',
} as const;

/** Creates fields in a transaction: the field service's `createIn`, which knows the field types. */
export type CreateFields = (tx: Repositories, type: ContentType, inputs: readonly FieldInput[]) => Promise<unknown>;

const DEFAULTS: ReadonlyArray<{
  id: string;
  baseType: BaseContentType;
  name: string;
  variable: string;
  description: string;
  icon: string;
}> = [
  {
    id: BASE_TYPE_IDS.file,
    baseType: 'FILEASSET',
    name: 'File',
    variable: 'FileAsset',
    description: 'Default type of uploaded files',
    icon: 'insert_drive_file',
  },
  {
    id: BASE_TYPE_IDS.page,
    baseType: 'HTMLPAGE',
    name: 'Page',
    variable: 'htmlpageasset',
    description: 'Default type of pages',
    icon: 'description',
  },
];

/**
 * The default page and file types, so that pages and files can be created through a fire with no
 * set-up: on SYSTEM_HOST, bound to the System Workflow, with their base type's fixed fields. Added
 * on a fresh installation and on an upgrade; a type that exists (by identifier or by variable) is
 * left as it is, whatever an installer made of it. They are `fixed`, so they cannot be deleted
 * (and so come back on the next start without anyone having asked).
 */
export async function seedBaseContentTypes(
  storage: Storage,
  createFields: CreateFields,
  now = Date.now(),
): Promise<void> {
  for (const wanted of DEFAULTS) {
    if (
      (await storage.contentTypes.findById(wanted.id)) ??
      (await storage.contentTypes.findByVariable(wanted.variable))
    )
      continue;
    const type: ContentType = {
      ...wanted,
      clazz: CONTENT_TYPE_CLASS_PACKAGE + CLASS_OF_BASE_TYPE[wanted.baseType],
      host: SYSTEM_HOST,
      folder: SYSTEM_FOLDER,
      owner: ADMIN_USER_ID,
      defaultType: false,
      fixed: true,
      system: false,
      versionable: true,
      multilingualable: false,
      sortOrder: 0,
      workflows: [SYSTEM_WORKFLOW_ID],
      modDate: now,
      iDate: now,
    };
    await ignoreIfPresent(() =>
      storage.transaction(async (tx) => {
        await tx.contentTypes.insert(type);
        await createFields(tx, type, BASE_TYPE_FIELDS[wanted.baseType] ?? []);
      }),
    );
  }
}
