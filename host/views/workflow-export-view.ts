import { Type } from '@sinclair/typebox';
import { SYSTEM_ACTION_NAMES } from '../../core/model/workflow.js';
import { WorkflowActionSchema, WorkflowSchemeSchema, WorkflowStepSchema } from './workflow-view.js';

/**
 * `SchemeTransferService.export`'s answer (core/workflow/scheme-export-format.ts) as an export
 * writes it: every member present, unlike an import, which may leave most out. Schemes, steps and
 * actions are their views less what belongs to the exporting installation only.
 */
export const SchemeExportSchema = Type.Object({
  workflowObject: Type.Object({
    version: Type.String(),
    schemes: Type.Array(Type.Omit(WorkflowSchemeSchema, ['system', 'entryActionId'])),
    steps: Type.Array(WorkflowStepSchema),
    actions: Type.Array(Type.Omit(WorkflowActionSchema, ['whoCanUse', 'owner', 'nextStepCurrentStep'])),
    actionSteps: Type.Array(
      Type.Object({
        stepId: Type.String(),
        actionId: Type.String(),
        actionOrder: Type.String({ description: "0-based place in the step, as a string (the original's form)" }),
      }),
    ),
    actionClasses: Type.Array(
      Type.Object({
        id: Type.String(),
        actionId: Type.String(),
        name: Type.String(),
        order: Type.Integer(),
        clazz: Type.String({ description: "The actionlet's class" }),
      }),
    ),
    actionClassParams: Type.Array(
      Type.Object({
        id: Type.String({ description: '<actionClassId>:<key>' }),
        actionClassId: Type.String(),
        key: Type.String(),
        value: Type.String({ description: 'Secret values are masked' }),
      }),
    ),
    schemeSystemActionWorkflowActionMappings: Type.Array(
      Type.Object({
        identifier: Type.String(),
        systemAction: Type.Union(SYSTEM_ACTION_NAMES.map((name) => Type.Literal(name))),
        workflowAction: Type.Object({ id: Type.String(), name: Type.String() }),
        owner: Type.String({ description: 'The scheme id' }),
        ownerScheme: Type.Literal(true),
        ownerContentType: Type.Literal(false),
      }),
    ),
  }),
  permissions: Type.Array(
    Type.Object({
      inode: Type.String({ description: "The action's id" }),
      roleId: Type.String({ description: 'A role id, or a user id' }),
      roleKey: Type.Optional(Type.String({ description: 'Absent for a user' })),
      permission: Type.Integer({ description: '1: use' }),
      type: Type.String(),
    }),
  ),
});
