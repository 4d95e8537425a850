import type { Actionlet } from '../plugin/actionlet.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { WorkflowScheme } from '../model/workflow.js';
import { MASKED_SECRET } from './actionlet-parameters.js';
import {
  ACTION_PERMISSION_TYPE,
  PERMISSION_USE,
  SCHEME_EXPORT_VERSION,
  type ExportedPermission,
  type SchemeExport,
} from './scheme-export-format.js';
import { insertSchemeGraph, readSchemeGraph, renewIds, type SchemeGraph } from './scheme-graph.js';
import { graphFromExport } from './scheme-import.js';
import type { WorkflowDefinitionService } from './workflow-definition-service.js';
import { roleByReference } from '../auth/role-by-reference.js';

/**
 * Copies, exports and imports whole schemes. An export carries no secret: secret parameter values
 * are written as the mask, and an import must be given them again (see scheme-import.ts).
 */
export class SchemeTransferService {
  private readonly storage: Storage;
  private readonly workflows: WorkflowDefinitionService;
  private readonly actionlets: (actionClass: string) => Actionlet | undefined;
  private readonly secrets?: SecretSealer;

  constructor(options: {
    storage: Storage;
    workflows: WorkflowDefinitionService;
    actionlets: (actionClass: string) => Actionlet | undefined;
    secrets?: SecretSealer;
  }) {
    this.storage = options.storage;
    this.workflows = options.workflows;
    this.actionlets = options.actionlets;
    this.secrets = options.secrets;
  }

  /** A new scheme with new ids throughout, named `name`, else after the original with the time of the copy. */
  async copy(schemeId: string, name?: string): Promise<WorkflowScheme> {
    return this.storage.transaction(async (tx) => {
      const source = await this.workflows.getScheme(schemeId, tx);
      const now = Date.now();
      const copy = renewIds(await readSchemeGraph(tx, source), {
        name: name?.trim() || `${source.name}_${now}`,
        archived: false,
        defaultScheme: false,
        system: false,
        creationDate: now,
        modDate: now,
      });
      await insertSchemeGraph(tx, copy);
      return copy.schemes[0]!;
    });
  }

  // The return type is left to the compiler: the export is a `SchemeExport` with every member present,
  // which is what the host documents it as.
  async export(schemeId: string) {
    const scheme = await this.workflows.getScheme(schemeId);
    const graph = await readSchemeGraph(this.storage, scheme);
    return {
      workflowObject: {
        version: SCHEME_EXPORT_VERSION,
        schemes: graph.schemes.map(({ system: _system, entryActionId: _entry, ...s }) => s),
        steps: graph.steps,
        actions: graph.actions.map(({ whoCanUse: _who, owner: _owner, ...a }) => a),
        actionSteps: graph.links.map((l) => ({
          stepId: l.stepId,
          actionId: l.actionId,
          actionOrder: String(l.position),
        })),
        actionClasses: graph.actionlets.map((a) => ({
          id: a.id,
          actionId: a.actionId,
          name: a.name,
          order: a.order,
          clazz: a.actionClass,
        })),
        actionClassParams: graph.actionlets.flatMap((a) => this.exportedParameters(a)),
        schemeSystemActionWorkflowActionMappings: graph.mappings.map((m) => ({
          identifier: m.id,
          systemAction: m.systemAction,
          workflowAction: { id: m.actionId, name: graph.actions.find((a) => a.id === m.actionId)?.name ?? '' },
          owner: m.ownerId,
          ownerScheme: true as const,
          ownerContentType: false as const,
        })),
      },
      permissions: await this.permissionsOf(this.storage, graph),
    } satisfies SchemeExport;
  }

  /** Writes the schemes of an export under their own ids; answers them. */
  async import(input: SchemeExport, ownerId: string): Promise<WorkflowScheme[]> {
    return this.storage.transaction(async (tx) => {
      const graph = await graphFromExport(input, {
        tx,
        actionlets: this.actionlets,
        secrets: this.secrets,
        ownerId,
        now: Date.now(),
      });
      await insertSchemeGraph(tx, graph);
      return graph.schemes;
    });
  }

  private exportedParameters(a: SchemeGraph['actionlets'][number]) {
    const secret = new Set(
      this.actionlets(a.actionClass)
        ?.parameters.filter((p) => p.secret)
        .map((p) => p.key),
    );
    return Object.entries(a.parameters).map(([key, value]) => ({
      id: `${a.id}:${key}`,
      actionClassId: a.id,
      key,
      value: secret.has(key) ? MASKED_SECRET : value,
    }));
  }

  /** Each role by its key as well as its id, so that another installation finds the same role. */
  /** Every permission of the export, `type` included (an import may leave it out). */
  private async permissionsOf(
    tx: Repositories,
    graph: SchemeGraph,
  ): Promise<Array<ExportedPermission & { type: string }>> {
    const permissions: Array<ExportedPermission & { type: string }> = [];
    for (const action of graph.actions) {
      for (const who of action.whoCanUse) {
        const role = await roleByReference(tx.roles, who);
        permissions.push({
          inode: action.id,
          roleId: role?.id ?? who,
          ...(role ? { roleKey: role.key } : {}),
          permission: PERMISSION_USE,
          type: ACTION_PERMISSION_TYPE,
        });
      }
    }
    return permissions;
  }
}
