import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import type { Actionlet, ActionletContext } from '../../../core/plugin/actionlet.js';
import type { MailMessage } from '../../../core/plugin/mail-transport.js';
import { renderTemplate } from '../../../core/workflow/render-template.js';
import actionletsPlugin, { catalogue, outboundHttp } from '../../../plugins/actionlets/index.js';
import { SecretBox } from '../../../core/secrets/secret-box.js';
import { destroyContent } from '../../../plugins/actionlets/destroy-content.js';
import { DEFAULT_ASSIGNEE_BODY, DEFAULT_ASSIGNEE_SUBJECT } from '../../../plugins/actionlets/notify-assignee.js';

type Call = [operation: string, ...args: unknown[]];

/**
 * A recording ActionletContext: every operation an actionlet performs is pushed to `calls`,
 * `render` answers `«template»`, and afterCommit effects and mail are kept until `commit()` runs them.
 */
function fakeContext(options: { params?: Record<string, string>; assigneeEmails?: string[] } = {}) {
  const calls: Call[] = [];
  const effects: Array<() => Promise<void>> = [];
  const sent: Array<Omit<MailMessage, 'from'> & { from?: string }> = [];
  const op =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const context: ActionletContext = {
    params: options.params ?? {},
    logger: silentLogger,
    item: {
      identifier: 'id-1',
      inode: 'inode-1',
      languageId: 1,
      contentType: 'news',
      values: { title: 'Spring sale' },
      title: 'Spring sale',
    },
    user: { userId: 'u-1', email: 'editor@cms.com', firstName: 'Ed', lastName: 'Itor' },
    comment: null,
    content: {
      save: op('content.save'),
      saveDraft: op('content.saveDraft'),
      publish: op('content.publish'),
      unpublish: op('content.unpublish'),
      archive: op('content.archive'),
      unarchive: op('content.unarchive'),
      delete: op('content.delete'),
      destroy: op('content.destroy'),
      lock: op('content.lock'),
      unlock: op('content.unlock'),
      copy: op('content.copy'),
      setValue: op('content.setValue'),
    },
    workflow: {
      addComment: op('workflow.addComment'),
      resetToFirstStep: op('workflow.resetToFirstStep'),
      assigneeEmails: async () => {
        calls.push(['workflow.assigneeEmails']);
        return [...(options.assigneeEmails ?? [])];
      },
    },
    render: (template) => {
      calls.push(['render', template]);
      return `«${template}»`;
    },
    stopProcessing: () => {
      calls.push(['stopProcessing']);
    },
    afterCommit: (effect) => {
      calls.push(['afterCommit']);
      effects.push(effect);
    },
    sendMail: async (message) => {
      calls.push(['sendMail']);
      sent.push(message);
    },
    // As the engine does: the message goes out once the fire commits (as a durable job).
    mail: async (message) => {
      calls.push(['mail']);
      effects.push(async () => {
        calls.push(['sendMail']);
        sent.push(message);
      });
    },
    enqueue: async (kind) => {
      calls.push(['enqueue', kind]);
      return 'job-1';
    },
    reindex: op('reindex'),
  };
  const commit = async () => {
    for (const effect of effects.splice(0)) await effect();
  };
  return { context, calls, sent, effects, commit };
}

/** Every actionlet of the plugin, the unlisted Destroy content too. */
const all: readonly Actionlet[] = [
  ...catalogue({ http: outboundHttp(new Config()).links, secrets: new SecretBox(randomBytes(32)) }),
  destroyContent,
];

function actionlet(name: string): Actionlet {
  const found = all.find((a) => a.name === name);
  if (!found) throw new Error(`no actionlet ${name}`);
  return found;
}

/** Runs preSave then run, as the engine does for a single actionlet. */
async function fire(a: Actionlet, context: ActionletContext) {
  await a.preSave?.(context);
  await a.run(context);
}

t.test('content operations: each calls exactly its operation', async (t) => {
  const cases: Array<[string, string]> = [
    ['Save content', 'content.save'],
    ['Save Draft content', 'content.saveDraft'],
    ['Publish content', 'content.publish'],
    ['Unpublish content', 'content.unpublish'],
    ['Archive content', 'content.archive'],
    ['Unarchive content', 'content.unarchive'],
    ['Delete content', 'content.delete'],
    ['Copy Contentlet', 'content.copy'],
    ['Lock content', 'content.lock'],
    ['Unlock content', 'content.unlock'],
    ['Destroy content', 'content.destroy'],
  ];
  for (const [name, operation] of cases) {
    const { context, calls, effects } = fakeContext();
    const a = actionlet(name);
    t.equal(a.unavailableReason, undefined, `${name} is available`);
    t.equal(a.preSave, undefined, `${name} has no preSave`);
    await fire(a, context);
    t.strictSame(calls, [[operation]], name);
    t.equal(effects.length, 0, `${name} leaves nothing for after the commit`);
  }
});

t.test('the fakes cover every actionlet the plugin registers', async (t) => {
  const registered =
    (await actionletsPlugin.setup({ config: new Config(), logger: silentLogger, dataDir: '/nonexistent' }))
      .actionlets ?? [];
  t.strictSame(registered.map((a) => a.actionClass).sort(), all.map((a) => a.actionClass).sort());
});

t.test('a failing operation fails the actionlet', async (t) => {
  const { context } = fakeContext();
  context.content.publish = async () => {
    throw new Error('not saved');
  };
  await t.rejects(async () => actionlet('Publish content').run(context), { message: 'not saved' });
});

t.test('Set Value renders its template and sets the field in preSave', async (t) => {
  const a = actionlet('Set Value');
  const { context, calls } = fakeContext({ params: { field: 'summary', value: 'About $content.title' } });
  await a.preSave!(context);
  t.strictSame(calls, [
    ['render', 'About $content.title'],
    ['content.setValue', 'summary', '«About $content.title»'],
  ]);
  calls.length = 0;
  await a.run(context);
  t.strictSame(calls, [], 'run adds nothing: the value was set before the save');
});

t.test('Comment on Workflow adds the rendered comment', async (t) => {
  const { context, calls } = fakeContext({ params: { comment: 'Reviewed by $user.firstName' } });
  await fire(actionlet('Comment on Workflow'), context);
  t.strictSame(calls, [
    ['render', 'Reviewed by $user.firstName'],
    ['workflow.addComment', '«Reviewed by $user.firstName»'],
  ]);
});

t.test('Reset Workflow moves the item to the first step, then stops processing', async (t) => {
  const { context, calls } = fakeContext();
  await fire(actionlet('Reset Workflow'), context);
  t.strictSame(calls, [['workflow.resetToFirstStep'], ['stopProcessing']]);
});

t.test('Notify Assignee', async (t) => {
  const a = actionlet('Notify Assignee');
  t.equal(a.unavailableReason, undefined, 'is available (new actions carry it by default)');

  t.test('with no assignee, nothing is registered or sent', async (t) => {
    const { context, calls, effects, sent, commit } = fakeContext({ assigneeEmails: [] });
    await fire(a, context);
    t.strictSame(calls, [['workflow.assigneeEmails']]);
    t.equal(effects.length, 0);
    await commit();
    t.equal(sent.length, 0);
  });

  t.test('mails every assignee after the commit, as HTML by default', async (t) => {
    const to = ['a@cms.com', 'b@cms.com'];
    const { context, calls, sent, effects, commit } = fakeContext({
      assigneeEmails: to,
      params: { emailSubject: 'Review $content.title', emailBody: '<b>$content.title</b>', isHtml: 'true' },
    });
    await fire(a, context);
    t.equal(effects.length, 1, 'one effect registered');
    t.notOk(
      calls.some(([op]) => op === 'sendMail'),
      'nothing sent before the commit',
    );
    t.equal(sent.length, 0);
    await commit();
    t.strictSame(sent, [{ to, subject: '«Review $content.title»', html: '«<b>$content.title</b>»' }]);
    t.strictSame(
      calls.map(([op]) => op),
      ['workflow.assigneeEmails', 'render', 'render', 'mail', 'sendMail'],
    );
  });

  t.test('sends text when isHtml is false', async (t) => {
    const { context, sent, commit } = fakeContext({
      assigneeEmails: ['a@cms.com'],
      params: { emailSubject: 'S', emailBody: 'B', isHtml: 'false' },
    });
    await fire(a, context);
    await commit();
    t.strictSame(sent, [{ to: ['a@cms.com'], subject: '«S»', text: '«B»' }]);
  });

  t.test('HTML is the default when isHtml is absent', async (t) => {
    const { context, sent, commit } = fakeContext({
      assigneeEmails: ['a@cms.com'],
      params: { emailSubject: 'S', emailBody: 'B' },
    });
    await fire(a, context);
    await commit();
    t.strictSame(sent, [{ to: ['a@cms.com'], subject: '«S»', html: '«B»' }]);
  });

  t.test('empty subject and body fall back to defaults naming the item and the action', async (t) => {
    t.match(DEFAULT_ASSIGNEE_SUBJECT, /content\.title/);
    t.match(DEFAULT_ASSIGNEE_SUBJECT, /workflow\.action/);
    t.match(DEFAULT_ASSIGNEE_BODY, /content\.title/);
    const text = fakeContext({
      assigneeEmails: ['a@cms.com'],
      params: { emailSubject: '', emailBody: '', isHtml: 'false' },
    });
    await fire(a, text.context);
    await text.commit();
    t.strictSame(text.sent, [
      { to: ['a@cms.com'], subject: `«${DEFAULT_ASSIGNEE_SUBJECT}»`, text: `«${DEFAULT_ASSIGNEE_BODY}»` },
    ]);

    const html = fakeContext({ assigneeEmails: ['a@cms.com'] });
    html.context.render = (template) =>
      template === DEFAULT_ASSIGNEE_BODY ? 'Ed fired "Publish" on "<Tom & Jerry>".\n\nComment: ok' : template;
    await fire(a, html.context);
    await html.commit();
    t.equal(
      html.sent[0]?.html,
      '<p>Ed fired &quot;Publish&quot; on &quot;&lt;Tom &amp; Jerry&gt;&quot;.</p>\n<p>Comment: ok</p>',
      'the default HTML body escapes the values it shows',
    );
  });

  t.test('the default templates render with the engine renderer', async (t) => {
    const values = (comment: string | null) => ({
      content: { title: 'Spring sale' },
      user: { firstName: 'Ed', lastName: 'Itor' },
      workflow: { action: 'Publish', comment },
    });
    t.equal(renderTemplate(DEFAULT_ASSIGNEE_SUBJECT, values(null)), 'Publish: Spring sale');
    t.equal(
      renderTemplate(DEFAULT_ASSIGNEE_BODY, values(null)),
      'Ed Itor fired the workflow action "Publish" on "Spring sale", which is now assigned to you.',
    );
    t.equal(
      renderTemplate(DEFAULT_ASSIGNEE_BODY, values('Looks good')),
      'Ed Itor fired the workflow action "Publish" on "Spring sale", which is now assigned to you.\n\nComment: Looks good',
      'the comment comes as a paragraph of its own',
    );
  });

  t.test('a rolled-back fire sends nothing', async (t) => {
    const { context, sent } = fakeContext({ assigneeEmails: ['a@cms.com'] });
    await fire(a, context);
    t.equal(sent.length, 0, 'effects that are never run send nothing');
  });
});

t.test('Reindex content asks the fire to queue the item with its index policy', async (t) => {
  const { context, calls } = fakeContext({ params: { indexPolicy: 'WAIT_FOR' } });
  await actionlet('Reindex content').run(context);
  t.strictSame(calls, [['reindex', 'WAIT_FOR']]);
});

t.test('actionlets that need what this release lacks', async (t) => {
  const unavailable = [
    'Send an Email',
    'Notify Users',
    "'Four Eyes' Approval",
    'Require Multiple Approvers',
    'Message',
    'Push Now',
    'Push Publish',
    'Translate Content',
  ];
  t.strictSame(
    all
      .filter((a) => a.unavailableReason !== undefined)
      .map((a) => a.name)
      .sort(),
    [...unavailable].sort(),
    'exactly these are unavailable',
  );
  for (const name of unavailable) {
    const a = actionlet(name);
    const reason = a.unavailableReason ?? '';
    t.ok(
      reason.startsWith(`${name} is not available yet: `) &&
        reason.length > `${name} is not available yet: `.length + 10,
      `${name}: the reason names it and what it needs`,
    );
    const { context, calls, effects } = fakeContext({
      params: Object.fromEntries(a.parameters.map((p) => [p.key, p.defaultValue ?? 'x'])),
    });
    t.equal(a.preSave, undefined, `${name}: no preSave`);
    await t.rejects(
      async () => a.run(context),
      { message: reason, code: 'WORKFLOW_ACTIONLET_UNAVAILABLE' },
      `${name}: run throws the reason`,
    );
    t.strictSame(calls, [], `${name}: touched nothing`);
    t.equal(effects.length, 0, `${name}: registered nothing`);
  }
  t.equal(
    actionlet('Send an Email').unavailableReason,
    'Send an Email is not available yet: outbound e-mail actionlets arrive in a later release',
  );
});
