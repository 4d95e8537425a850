import { Type, type Static } from '@sinclair/typebox';

/** The answer to deleting something named by its id (jobs, push environments and endpoints). */
export function deletedView(id: string): Static<typeof DeletedSchema> {
  return { deleted: id };
}

/** `deletedView`'s shape, for the OpenAPI document. */
export const DeletedSchema = Type.Object({ deleted: Type.String({ description: 'The id of what was deleted' }) });
