import { Type } from '@sinclair/typebox';
import type { FieldRef } from '../../core/content/field-variable-service.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { FieldVariableSchema, fieldVariableView } from '../views/content-type-view.js';

const Text = (max = 255) => Type.String({ maxLength: max });
const VariableBody = Type.Object({
  id: Type.Optional(Type.Union([Text(), Type.Null()])),
  fieldId: Type.Optional(Type.Union([Text(), Type.Null()])),
  key: Type.Optional(Text()),
  value: Type.Optional(Text(65_535)),
  clazz: Type.Optional(Text()),
});
const clean = (body: { id?: string | null; fieldId?: string | null; key?: string; value?: string }) => ({
  id: body.id ?? undefined,
  fieldId: body.fieldId ?? undefined,
  key: body.key,
  value: body.value,
});

/**
 * The variables of one field (`/api/v1/contenttype/{typeId}/fields/…/variables`), its field named by
 * id (`id/{fieldId}`) or by variable (`var/{fieldVar}`), as the original's paths have both.
 */
/** `id/{fieldId}` or `var/{fieldVar}`: the original has both forms of every path. */
const FieldParams = Type.Object({
  typeId: Text(),
  by: Type.Union([Type.Literal('id'), Type.Literal('var')]),
  field: Text(),
});
const VariableParams = Type.Composite([FieldParams, Type.Object({ variableId: Text() })]);
const ref = (params: { typeId: string; by: 'id' | 'var'; field: string }): FieldRef => ({
  typeIdOrVariable: params.typeId,
  by: params.by,
  field: params.field,
});
const base = '/api/v1/contenttype/:typeId/fields/:by/:field/variables';
const named = 'its field named by id (fields/id/{fieldId}) or variable (fields/var/{fieldVar})';

export default defineRoutes('field variables', ['fieldVariables', 'readRules'], ({ fieldVariables, readRules }) => [
  route({
    method: 'GET',
    path: base,
    params: FieldParams,
    access: 'user',
    summary: `The variables of a field, ${named}`,
    response: { schema: Type.Array(FieldVariableSchema) },
    answers: { 404: 'no such content type or field' },
    handler: async ({ params, principal }) => {
      await readRules.requireTypeNamed(principal, params.typeId);
      const { field, variables } = await fieldVariables.list(ref(params));
      return variables.map((v) => fieldVariableView(field.id, v));
    },
  }),
  route({
    method: 'POST',
    path: base,
    params: FieldParams,
    access: 'user',
    summary: `Adds a variable to a field, ${named} (administrators, or EDIT_PERMISSIONS on the type); the body has no id`,
    response: { schema: FieldVariableSchema },
    answers: { 404: 'no such content type or field' },
    body: VariableBody,
    handler: async ({ params, body, principal }) => {
      const { field, variable } = await fieldVariables.create(principal, ref(params), clean(body));
      return fieldVariableView(field.id, variable);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/contenttype/:typeId/fields/:by/:field/variables/id/:variableId',
    params: VariableParams,
    access: 'user',
    summary: `One variable of a field, ${named}`,
    response: { schema: FieldVariableSchema },
    answers: { 404: 'no such content type, field or variable' },
    handler: async ({ params, principal }) => {
      await readRules.requireTypeNamed(principal, params.typeId);
      const { field, variable } = await fieldVariables.get(ref(params), params.variableId);
      return fieldVariableView(field.id, variable);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/contenttype/:typeId/fields/:by/:field/variables/id/:variableId',
    params: VariableParams,
    access: 'user',
    summary: `Changes a variable of a field, ${named}; the body repeats its id (administrators, or EDIT_PERMISSIONS on the type)`,
    response: { schema: FieldVariableSchema },
    answers: { 404: 'no such content type, field or variable' },
    body: VariableBody,
    handler: async ({ params, body, principal }) => {
      const { field, variable } = await fieldVariables.update(principal, ref(params), params.variableId, clean(body));
      return fieldVariableView(field.id, variable);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/contenttype/:typeId/fields/:by/:field/variables/id/:variableId',
    params: VariableParams,
    access: 'user',
    summary: `Removes a variable of a field, ${named}; answers an empty entity (administrators, or EDIT_PERMISSIONS on the type)`,
    response: { schema: Type.Null() },
    answers: { 404: 'no such content type, field or variable' },
    handler: async ({ params, principal }) => {
      await fieldVariables.delete(principal, ref(params), params.variableId);
      return null;
    },
  }),
]);
