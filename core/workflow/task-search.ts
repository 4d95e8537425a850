import type { PermissionCheck, PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache, Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { TaskSortColumn } from '../model/sort.js';
import type { Repositories, Storage, TaskSearchHit, TaskSearchQuery } from '../plugin/storage/index.js';
import { roleByReference } from '../auth/role-by-reference.js';

/** What a workflow task search asks for, as the original's searcher form names it; every member optional. */
export interface TaskSearchForm {
  keywords?: string;
  /** A user id, or a role id or key. */
  assignedTo?: string;
  /** -1: any age; otherwise tasks changed within that many days. */
  daysOld?: number;
  schemeId?: string;
  stepId?: string;
  open?: boolean;
  closed?: boolean;
  createdBy?: string;
  /** For administrators: every task, not only those assigned to them and their roles. */
  show4all?: boolean;
  /** `<column> [asc|desc]`. */
  orderBy?: string;
  count?: number;
  /** From 0. */
  page?: number;
}

/** A task found, with the name of whom it is assigned to (a user's full name or a role's name). */
export interface FoundTask extends TaskSearchHit {
  assignedName: string | null;
}

export const DEFAULT_TASK_COUNT = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many tasks a search for a caller who is not an administrator reads at a time to check them. */
const SCAN_PAGE = 500;

/** The sortable columns under the names clients use: the answer's members, and the original's column names. */
const ORDER_COLUMNS: Readonly<Record<string, TaskSortColumn>> = {
  moddate: 'modDate',
  creationdate: 'creationDate',
  title: 'title',
  status: 'status',
  assignedto: 'assignedTo',
  createdby: 'createdBy',
  languageid: 'languageId',
  belongsto: 'belongsTo',
  webasset: 'belongsTo',
};

/** `modDate desc`, `mod_date DESC`, `title`: the column (either spelling) and a direction (ascending unless desc). */
export function parseTaskOrder(orderBy: string | undefined): TaskSearchQuery['sort'] {
  if (!orderBy?.trim()) return { column: 'modDate', descending: true };
  const [name = '', direction = 'asc', ...rest] = orderBy.trim().split(/\s+/);
  const column = ORDER_COLUMNS[name.replace(/_/g, '').toLowerCase()];
  const ascending = direction.toLowerCase() === 'asc';
  if (!column || rest.length > 0 || (!ascending && direction.toLowerCase() !== 'desc')) {
    throw new CmsError(Errors.WORKFLOW_TASK_ORDER_UNKNOWN, {
      column: orderBy.trim(),
      columns: [...new Set(Object.values(ORDER_COLUMNS))].join(', '),
    });
  }
  return { column, descending: !ascending };
}

/**
 * Searches workflow tasks as the original's task search does: by default the tasks assigned to the
 * caller or to one of the caller's roles (every task for an administrator who asks for all of
 * them), narrowed by the form's filters; only tasks on items the caller may read are answered.
 */
export class TaskSearchService {
  private readonly storage: Storage;
  private readonly definitions: DefinitionCache;
  private readonly permissions: PermissionService;
  private readonly now: () => number;

  constructor(options: {
    storage: Storage;
    definitions: DefinitionCache;
    permissions: PermissionService;
    now?: () => number;
  }) {
    this.storage = options.storage;
    this.definitions = options.definitions;
    this.permissions = options.permissions;
    this.now = options.now ?? Date.now;
  }

  async search(principal: Principal, form: TaskSearchForm): Promise<{ total: number; tasks: FoundTask[] }> {
    const limit = form.count ?? DEFAULT_TASK_COUNT;
    const offset = (form.page ?? 0) * limit;
    const filters: Omit<TaskSearchQuery, 'limit' | 'offset'> = {
      keywords: form.keywords?.trim() || undefined,
      assignedTo: await this.assignees(principal, form),
      modifiedSince: form.daysOld === undefined || form.daysOld < 0 ? undefined : this.now() - form.daysOld * DAY_MS,
      schemeId: form.schemeId || undefined,
      stepId: form.stepId || undefined,
      createdBy: form.createdBy || undefined,
      // Neither or both: every task.
      resolved: form.open === form.closed ? undefined : form.closed === true,
      sort: parseTaskOrder(form.orderBy),
    };
    const page = principal.admin
      ? await this.storage.tasks.search({ ...filters, limit, offset })
      : await this.readableOnly(principal, filters, { limit, offset });
    const names = new Map<string, Promise<string | null>>();
    const nameOf = (assignee: string) => {
      if (!names.has(assignee)) names.set(assignee, assigneeName(this.storage, assignee));
      return names.get(assignee)!;
    };
    const tasks = await Promise.all(
      page.items.map(async (task) => ({
        ...task,
        assignedName: task.assignedTo ? await nameOf(task.assignedTo) : null,
      })),
    );
    return { total: page.total, tasks };
  }

  /**
   * What `assignedTo` matches: the one named (a role under its id and its key, which tasks may
   * hold), else the caller and the caller's roles, else (an administrator asking for all) anything.
   */
  private async assignees(principal: Principal, form: TaskSearchForm): Promise<string[] | undefined> {
    const named = form.assignedTo?.trim();
    if (named) {
      const role = await roleByReference(this.storage.roles, named);
      return role ? [role.id, role.key] : [named];
    }
    if (form.show4all && principal.admin) return undefined;
    const keys = await Promise.all(principal.roleIds.map(async (id) => (await this.storage.roles.findById(id))?.key));
    return [principal.user.userId, ...principal.roleIds, ...keys.filter((key): key is string => !!key)];
  }

  /**
   * The page of tasks on items the caller may read, and how many there are: read permissions are
   * decided per item (inherited from folders, sites and types), so every matching task is checked.
   */
  private async readableOnly(
    principal: Principal,
    filters: Omit<TaskSearchQuery, 'limit' | 'offset'>,
    window: { limit: number; offset: number },
  ): Promise<{ items: TaskSearchHit[]; total: number }> {
    const definitions = await this.definitions.in(this.storage);
    const check = this.permissions.for(definitions, principal);
    const items: TaskSearchHit[] = [];
    let total = 0;
    for (let offset = 0; ; offset += SCAN_PAGE) {
      const batch = await this.storage.tasks.search({ ...filters, limit: SCAN_PAGE, offset });
      for (const task of batch.items) {
        if (!(await mayRead(this.storage, definitions, check, task.identifier))) continue;
        if (total >= window.offset && items.length < window.limit) items.push(task);
        total += 1;
      }
      if (batch.items.length < SCAN_PAGE) return { items, total };
    }
  }
}

async function mayRead(
  storage: Repositories,
  definitions: Definitions,
  check: PermissionCheck,
  identifier: string,
): Promise<boolean> {
  const item = await storage.content.findIdentifier(identifier);
  const type = item && (await definitions.contentType(item.contentTypeId));
  return !!type && (await check.has({ kind: 'content', identifier: item, type }, 'READ'));
}

/** A user's full name, or a role's name; null when the assignee is neither any more. */
async function assigneeName(storage: Repositories, assignee: string): Promise<string | null> {
  const user = await storage.users.findById(assignee);
  if (user) return `${user.firstName} ${user.lastName}`.trim();
  const role = await roleByReference(storage.roles, assignee);
  return role?.name ?? null;
}
