import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import type {
  Actionlet,
  ActionletContext,
  FoundUsers,
  StoredFile,
  WorkflowUser,
} from '../../../core/plugin/actionlet.js';
import type { MailMessage } from '../../../core/plugin/mail-transport.js';
import { FIELD_CLASS_PACKAGE } from '../../../core/plugin/field-type.js';
import { renderTemplate } from '../../../core/workflow/render-template.js';
import actionletsPlugin, { catalogue, outboundHttp } from '../../../plugins/actionlets/index.js';
import { encryptorSealer } from '../../../core/secrets/encryptor-sealer.js';
import { defaultEncryptor } from '../../../plugins/auth/default-encryptor.js';
import { hostOutboundClients } from '../../../host/outbound/outbound-clients.js';
import { destroyContent } from '../../../plugins/actionlets/destroy-content.js';
import { DEFAULT_ASSIGNEE_BODY, DEFAULT_ASSIGNEE_SUBJECT } from '../../../plugins/actionlets/notify-assignee.js';

type Call = [operation: string, ...args: unknown[]];

/**
 * A recording ActionletContext: every operation an actionlet performs is pushed to `calls`,
 * `render` answers `«template»`, and afterCommit effects and mail are kept until `commit()` runs them.
 */
function fakeContext(
  options: {
    params?: Record<string, string>;
    assigneeEmails?: string[];
    /** Users by the reference that names them (a user id, address or role key). */
    directory?: Record<string, WorkflowUser[]>;
    /** User ids that have approved, the firing user included. */
    approvals?: string[];
    files?: Record<string, StoredFile>;
    values?: Record<string, unknown>;
  } = {},
) {
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
      values: { title: 'Spring sale', ...options.values },
      title: 'Spring sale',
    },
    languages: async () => [
      { id: 1, languageCode: 'en', countryCode: 'US' },
      { id: 2, languageCode: 'es', countryCode: 'ES' },
    ],
    fields: async () => [
      { variable: 'title', className: `${FIELD_CLASS_PACKAGE}ImmutableTextField`, dataType: 'TEXT' },
    ],
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
      stayOnStep: () => {
        calls.push(['workflow.stayOnStep']);
      },
      findUsers: async (references) => {
        calls.push(['workflow.findUsers', [...references]]);
        const found: FoundUsers = { users: [], addresses: [], unknown: [] };
        for (const reference of references) {
          const users = options.directory?.[reference];
          if (users) found.users.push(...users.filter((u) => !found.users.some((f) => f.userId === u.userId)));
          else if (reference.includes('@')) found.addresses.push(reference);
          else found.unknown.push(reference);
        }
        return found;
      },
      approvals: async () => {
        calls.push(['workflow.approvals']);
        return [...(options.approvals ?? ['u-1'])];
      },
      fileOnSite: async (path) => {
        calls.push(['workflow.fileOnSite', path]);
        return options.files?.[path];
      },
      postMessage: op('workflow.postMessage'),
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
    translate: op('translate'),
    reindex: op('reindex'),
  };
  const commit = async () => {
    for (const effect of effects.splice(0)) await effect();
  };
  return { context, calls, sent, effects, commit };
}

/** Every actionlet of the plugin, the unlisted Destroy content too. */
const outbound = hostOutboundClients(new Config());
t.teardown(() => outbound.close());
const all: readonly Actionlet[] = [
  ...catalogue({
    http: outboundHttp(new Config(), outbound).links,
    secrets: encryptorSealer(defaultEncryptor, randomBytes(32)),
  }),
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

t.test('every actionlet of the catalogue can run in this release', async (t) => {
  t.strictSame(
    all.filter((a) => a.unavailableReason !== undefined).map((a) => a.name),
    [],
    'none is listed as unavailable (Translate Content was the last)',
  );
});

const ann: WorkflowUser = { userId: 'u-ann', email: 'ann@x.com', firstName: 'Ann', lastName: 'A' };
const bob: WorkflowUser = { userId: 'u-bob', email: 'bob@x.com', firstName: 'Bob', lastName: 'B' };
const cid: WorkflowUser = { userId: 'u-cid', email: 'cid@x.com', firstName: 'Cid', lastName: 'C' };
const directory = { 'u-ann': [ann], 'bob@x.com': [bob], reviewers: [bob, cid] };

t.test("'Four Eyes' Approval", async (t) => {
  const a = actionlet("'Four Eyes' Approval");
  const params = { approvers: 'u-ann, reviewers', minimumApprovers: '2', emailSubject: 'Approve $content.title' };

  t.test('too few approvals: stays, stops, and asks those who have not approved', async (t) => {
    const { context, calls, sent, commit } = fakeContext({ params, directory, approvals: ['u-ann'] });
    await fire(a, context);
    await commit();
    t.ok(calls.some(([op]) => op === 'stopProcessing'));
    t.ok(calls.some(([op]) => op === 'workflow.stayOnStep'));
    t.strictSame(
      sent.map((m) => m.to),
      [['bob@x.com'], ['cid@x.com']],
      'one mail to each approver still to approve',
    );
    t.equal(sent[0]?.subject, '«Approve $content.title»');
    t.match(sent[0]?.text, /Your approval is needed/);
  });

  t.test('enough approvals: nothing stops, nothing is sent', async (t) => {
    const { context, calls, effects } = fakeContext({ params, directory, approvals: ['u-ann', 'u-cid', 'u-other'] });
    await fire(a, context);
    t.notOk(calls.some(([op]) => op === 'stopProcessing' || op === 'workflow.stayOnStep'));
    t.equal(effects.length, 0);
  });

  t.test('approvals by users who are not approvers do not count', async (t) => {
    const { context, calls } = fakeContext({ params, directory, approvals: ['u-ann', 'u-other'] });
    await fire(a, context);
    t.ok(calls.some(([op]) => op === 'stopProcessing'));
  });

  t.test('a minimum no approver list can reach, or a bad one, fails the fire', async (t) => {
    await t.rejects(
      fire(a, fakeContext({ params: { ...params, approvers: 'u-ann' }, directory }).context),
      /minimumApprovers is 2, but the approvers name only 1/,
    );
    await t.rejects(fire(a, fakeContext({ params: { ...params, minimumApprovers: 'two' }, directory }).context), {
      code: 'INVALID',
    });
    await t.rejects(fire(a, fakeContext({ params: { ...params, approvers: 'nobody' }, directory }).context), {
      message: /none of the approvers/,
    });
  });
});

t.test('Require Multiple Approvers needs every listed approver', async (t) => {
  const a = actionlet('Require Multiple Approvers');
  const params = { approvers: 'u-ann bob@x.com', emailSubject: 'Multiple Approval Required' };
  const first = fakeContext({ params, directory, approvals: ['u-ann'] });
  await fire(a, first.context);
  await first.commit();
  t.ok(first.calls.some(([op]) => op === 'stopProcessing'));
  t.strictSame(
    first.sent.map((m) => m.to),
    [['bob@x.com']],
  );
  const all = fakeContext({ params, directory, approvals: ['u-bob', 'u-ann'] });
  await fire(a, all.context);
  t.notOk(all.calls.some(([op]) => op === 'stopProcessing'));
  t.equal(all.effects.length, 0);
});

t.test('Notify Users mails each user, address and role member once', async (t) => {
  const a = actionlet('Notify Users');
  const { context, sent, commit } = fakeContext({
    params: {
      emails: 'u-ann, reviewers,bob@x.com other@y.com, ghost',
      emailSubject: 'S',
      emailBody: 'B',
      isHtml: 'true',
    },
    directory,
  });
  await fire(a, context);
  await commit();
  t.strictSame(
    sent.map((m) => m.to),
    [['ann@x.com'], ['bob@x.com'], ['cid@x.com'], ['other@y.com']],
  );
  t.strictSame(sent[0], { to: ['ann@x.com'], subject: '«S»', html: '«B»' });

  const text = fakeContext({ params: { emails: 'u-ann' }, directory });
  await fire(a, text.context);
  await text.commit();
  t.ok(text.sent[0]?.text, 'plain text unless isHtml is true; default subject and body');
});

t.test('Send an Email', async (t) => {
  const a = actionlet('Send an Email');
  const params = {
    fromEmail: 'from@x.com',
    fromName: 'Sender',
    toEmail: 'to@x.com',
    toName: 'Reader',
    emailSubject: 'S',
    emailBody: 'B',
    cc: 'c1@x.com, c2@x.com',
    bcc: 'b@x.com',
  };
  const render = (template: string) => template;

  t.test('one HTML mail with from, to, cc and bcc', async (t) => {
    const { context, sent, commit } = fakeContext({ params });
    context.render = render;
    await fire(a, context);
    await commit();
    t.strictSame(sent, [
      {
        from: '"Sender" <from@x.com>',
        to: ['"Reader" <to@x.com>'],
        cc: ['c1@x.com', 'c2@x.com'],
        bcc: ['b@x.com'],
        subject: 'S',
        html: 'B',
      },
    ]);
  });

  t.test('nothing is sent when the condition prints false', async (t) => {
    const { context, effects } = fakeContext({ params: { ...params, condition: ' false ' } });
    context.render = render;
    await fire(a, context);
    t.equal(effects.length, 0);
    const sends = fakeContext({ params: { ...params, condition: 'true' } });
    sends.context.render = render;
    await fire(a, sends.context);
    t.equal(sends.effects.length, 1);
  });

  t.test('attachments from a Binary field and from a file path; unknown ones are skipped', async (t) => {
    const { context, sent, commit } = fakeContext({
      params: { ...params, attachment1: 'document', attachment2: '/docs/terms.pdf', attachment3: 'title' },
      values: { document: { path: 'assets/k1/report.pdf', name: 'report.pdf', size: 3 } },
      files: { '/docs/terms.pdf': { assetPath: 'assets/k2/terms.pdf', fileName: 'terms.pdf', size: 5 } },
    });
    context.render = render;
    await fire(a, context);
    await commit();
    t.strictSame(sent[0]?.attachments, [
      { fileName: 'report.pdf', source: { assetPath: 'assets/k1/report.pdf' } },
      { fileName: 'terms.pdf', source: { assetPath: 'assets/k2/terms.pdf' } },
    ]);
  });
});

t.test('Message leaves the rendered message for the named users and the current user', async (t) => {
  const a = actionlet('Message');
  const { context, calls } = fakeContext({
    params: { users: 'Current User, reviewers', message: 'Hi $user' },
    directory,
  });
  await fire(a, context);
  t.strictSame(
    calls.filter(([op]) => op === 'workflow.postMessage'),
    [['workflow.postMessage', ['u-1', 'u-bob', 'u-cid'], '«Hi $user»']],
  );
  const byDefault = fakeContext({ params: { users: '', message: 'Hi' } });
  await fire(a, byDefault.context);
  t.strictSame(
    byDefault.calls.filter(([op]) => op === 'workflow.postMessage'),
    [['workflow.postMessage', ['u-1'], '«Hi»']],
  );
});
