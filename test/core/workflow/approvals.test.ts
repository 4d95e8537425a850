import t from 'tap';
import type { WorkflowHistoryEntry } from '../../../core/model/workflow.js';
import { approvalsOf } from '../../../core/workflow/approvals.js';

let sequence = 0;
function entry(userId: string, fromStepId: string | null, toStepId: string, actionId = 'approve', languageId = 1) {
  return {
    id: String(++sequence),
    identifier: 'item',
    languageId,
    kind: 'action',
    text: actionId,
    actionId,
    fromStepId,
    toStepId,
    userId,
    createdAt: sequence,
  } satisfies WorkflowHistoryEntry;
}

const at = { languageId: 1, actionId: 'approve', stepId: 'review' };

t.test('each user who fired the action on the step counts once, in order', async (t) => {
  const history = [
    entry('admin', null, 'review', 'submit'),
    entry('ann', 'review', 'review'),
    entry('ann', 'review', 'review'),
    entry('bob', 'review', 'review'),
  ];
  t.strictSame(approvalsOf(history, at), ['ann', 'bob']);
});

t.test('other actions, steps, languages and comments do not count', async (t) => {
  const history: WorkflowHistoryEntry[] = [
    entry('admin', null, 'review', 'submit'),
    entry('ann', 'review', 'review', 'reject'),
    entry('bob', 'review', 'review', 'approve', 2),
    { ...entry('cid', 'review', 'review'), kind: 'comment' },
  ];
  t.strictSame(approvalsOf(history, at), []);
});

t.test('approvals from an earlier pass through the step do not count again', async (t) => {
  const history = [
    entry('admin', null, 'review', 'submit'),
    entry('ann', 'review', 'review'),
    entry('bob', 'review', 'done'),
    entry('admin', 'done', 'review', 'reopen'),
    entry('cid', 'review', 'review'),
  ];
  t.strictSame(approvalsOf(history, at), ['cid']);
});
