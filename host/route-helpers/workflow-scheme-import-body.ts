import { Type } from '@sinclair/typebox';

/**
 * The shape of a scheme import (the original's export format). Members the format has but that are
 * not read back (dates of the exporting installation, owners) may be present; references between
 * the lists are checked by the service.
 */
const Id = Type.String({ minLength: 1, maxLength: 255 });
const Text = (max = 255) => Type.String({ maxLength: max });
const Opt = Type.Optional;
const Stamp = Opt(Type.Integer({ minimum: 0 }));
const Many = <T extends Parameters<typeof Type.Array>[0]>(item: T, maxItems = 1000) => Type.Array(item, { maxItems });

const Scheme = Type.Object({
  id: Id,
  name: Text(),
  description: Opt(Text(4000)),
  archived: Opt(Type.Boolean()),
  mandatory: Opt(Type.Boolean()),
  defaultScheme: Opt(Type.Boolean()),
  creationDate: Stamp,
  modDate: Stamp,
});
const Step = Type.Object({
  id: Id,
  schemeId: Id,
  name: Text(),
  myOrder: Opt(Type.Integer({ minimum: 0, maximum: 10_000 })),
  resolved: Opt(Type.Boolean()),
  enableEscalation: Opt(Type.Boolean()),
  escalationAction: Opt(Type.Union([Text(), Type.Null()])),
  escalationTime: Opt(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  creationDate: Stamp,
});
const Action = Type.Object({
  id: Id,
  schemeId: Id,
  name: Text(),
  condition: Opt(Text(65_535)),
  nextStep: Opt(Text()),
  nextAssign: Opt(Text()),
  icon: Opt(Text()),
  roleHierarchyForAssign: Opt(Type.Boolean()),
  assignable: Opt(Type.Boolean()),
  commentable: Opt(Type.Boolean()),
  order: Opt(Type.Integer({ minimum: 0, maximum: 10_000 })),
  showOn: Opt(Many(Text(32), 20)),
});
const ActionStep = Type.Object({
  stepId: Id,
  actionId: Id,
  actionOrder: Opt(Type.Union([Text(10), Type.Integer({ minimum: 0 })])),
});
const ActionClass = Type.Object({
  id: Id,
  actionId: Id,
  name: Opt(Text()),
  order: Opt(Type.Integer({ minimum: 0, maximum: 10_000 })),
  clazz: Text(),
});
const ActionClassParam = Type.Object({
  id: Opt(Text()),
  actionClassId: Id,
  key: Text(),
  value: Type.Union([Text(65_535), Type.Null()]),
});
const Mapping = Type.Object({
  identifier: Opt(Text()),
  systemAction: Text(32),
  workflowAction: Type.Object({ id: Id }),
  owner: Id,
});
const Permission = Type.Object({
  inode: Id,
  roleId: Id,
  roleKey: Opt(Text()),
  permission: Type.Integer({ minimum: 0 }),
  type: Opt(Text()),
});

export const SchemeImportBody = Type.Object({
  workflowObject: Type.Object({
    version: Opt(Text(20)),
    schemes: Many(Scheme, 100),
    steps: Many(Step),
    actions: Many(Action),
    actionSteps: Many(ActionStep, 10_000),
    actionClasses: Many(ActionClass, 10_000),
    actionClassParams: Many(ActionClassParam, 10_000),
    schemeSystemActionWorkflowActionMappings: Opt(Many(Mapping)),
  }),
  permissions: Opt(Many(Permission, 10_000)),
});
