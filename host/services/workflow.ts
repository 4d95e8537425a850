import { LegacySaveService } from '../../core/legacy-save/legacy-save-service.js';
import { UserMessageService } from '../../core/messages/user-message-service.js';
import { ActionletCatalogue } from '../../core/workflow/actionlet-catalogue.js';
import { FireEngine } from '../../core/workflow/fire-engine.js';
import { renderTemplate } from '../../core/workflow/render-template.js';
import { SchemeTransferService } from '../../core/workflow/scheme-transfer.js';
import { SystemActionService } from '../../core/workflow/system-actions.js';
import { TaskHistoryService } from '../../core/workflow/task-history.js';
import { TaskSearchService } from '../../core/workflow/task-search.js';
import { WorkflowAvailabilityService } from '../../core/workflow/workflow-availability.js';
import { WorkflowDefinitionService } from '../../core/workflow/workflow-definition-service.js';
import { WorkflowOrderingService } from '../../core/workflow/workflow-ordering.js';
import { declare } from './declare.js';

/** Workflow schemes, their actions and actionlets, fires, tasks and the legacy save. */
export const workflowServices = {
  actionlets: declare({
    needs: ['registry'],
    build: (d): ActionletCatalogue => new ActionletCatalogue({ installed: d.registry.actionlets }),
  }),
  workflows: declare({
    needs: ['storage', 'actionlets', 'secrets'],
    build: ({ actionlets, ...d }): WorkflowDefinitionService =>
      new WorkflowDefinitionService({ ...d, actionlets: (actionClass) => actionlets.get(actionClass) }),
  }),
  taskHistory: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): TaskHistoryService => new TaskHistoryService(d),
  }),
  taskSearch: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): TaskSearchService => new TaskSearchService(d),
  }),
  userMessages: declare({ needs: ['storage'], build: (d): UserMessageService => new UserMessageService(d) }),
  systemActions: declare({
    needs: ['storage', 'workflows', 'definitions'],
    build: (d): SystemActionService => new SystemActionService(d),
  }),
  schemeTransfer: declare({
    needs: ['storage', 'workflows', 'actionlets', 'secrets'],
    build: ({ actionlets, ...d }): SchemeTransferService =>
      new SchemeTransferService({ ...d, actionlets: (actionClass) => actionlets.get(actionClass) }),
  }),
  workflowOrdering: declare({
    needs: ['storage', 'workflows'],
    build: (d): WorkflowOrderingService => new WorkflowOrderingService(d),
  }),
  workflowAvailability: declare({
    needs: ['storage', 'workflows', 'definitions', 'permissions'],
    build: (d): WorkflowAvailabilityService => new WorkflowAvailabilityService(d),
  }),
  fireEngine: declare({
    needs: [
      'storage',
      'content',
      'definitions',
      'permissions',
      'actionlets',
      'sendMail',
      'logger',
      'indexQueue',
      'jobQueue',
      'secrets',
      'events',
    ],
    build: ({ actionlets, logger, jobQueue, ...d }): FireEngine =>
      new FireEngine({
        ...d,
        actionlet: (actionClass) => actionlets.get(actionClass),
        render: renderTemplate,
        logger: logger.child({ area: 'workflow' }),
        jobs: jobQueue,
      }),
  }),
  legacySave: declare({
    needs: ['storage', 'definitions', 'permissions', 'fireEngine', 'systemActions', 'relatedQuery', 'settings'],
    build: ({ settings, ...d }): LegacySaveService =>
      new LegacySaveService({
        ...d,
        anonymous: { access: settings.anonymousContentAccess, rejectWithNoUser: settings.rejectWithNoUser },
      }),
  }),
};
