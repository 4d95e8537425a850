import t, { type Test } from 'tap';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { jobsSettled, startMailCatcher, type MailCatcher } from '../helpers/mail-catcher.js';
import { startTestApp, type StorageName, type TestApp } from '../helpers/test-app.js';

// The approval, notification, e-mail and message actionlets, fired over REST.
const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';
const PASSWORD = 'approver-password';

/** Runs `body` on each storage driver, with its own SMTP server and app. */
function onEachStorage(
  name: string,
  body: (t: Test, s: TestApp, mail: MailCatcher) => Promise<void>,
  storages: readonly StorageName[] = ['sqlite', 'mysql'],
) {
  for (const storage of storages) {
    t.test(`${name}, on ${storage}`, async (t) => {
      const mail = await startMailCatcher(t);
      const s = await startTestApp(t, { storage, env: mail.env });
      if (s) await body(t, s, mail);
    });
  }
}

/** Administrators (so permissions never stand in the way), optionally members of a role. */
async function user(s: TestApp, email: string, roles: string[] = []): Promise<string> {
  const made = await s.http('POST', '/api/v1/users', {
    headers: s.basicAuth(),
    body: {
      email,
      firstName: email.split('@')[0],
      lastName: 'X',
      password: PASSWORD,
      roles: [SEED_IDS.adminRole, ...roles],
    },
  });
  if (made.status !== 200) throw new Error(made.text);
  return made.json.entity.userId;
}

/**
 * A scheme Draft → Review → Done bound to a type `Doc` (title, document): `Submit` saves into
 * Review, `Approve` runs `actionlets` in Review and moves to Done.
 */
async function reviewScheme(s: TestApp, actionlets: Array<[string, Record<string, string>]>) {
  const admin = s.basicAuth();
  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Review' })).json.entity.id;
  const steps: string[] = [];
  for (const stepName of ['Draft', 'Review', 'Done'])
    steps.push((await wf('POST', '/steps', { schemeId, stepName })).json.entity.id);
  const action = async (actionName: string, stepId: string, actionNextStep: string, list: typeof actionlets) => {
    const id = (await wf('POST', '/actions', { actionName, schemeId, actionNextStep, stepId })).json.entity.id;
    for (const [clazz, parameters] of list) {
      const added = await wf('POST', `/actions/${id}/actionlets`, {
        actionletClass: clazz.includes('.') ? clazz : ACTIONLET + clazz,
        parameters,
      });
      if (added.status !== 200) throw new Error(added.text);
    }
    return id as string;
  };
  const submit = await action('Submit', steps[0]!, steps[1]!, [['SaveContentActionlet', {}]]);
  const approve = await action('Approve', steps[1]!, steps[2]!, actionlets);
  await s.http('POST', '/api/v1/contenttype', {
    headers: admin,
    body: { clazz: 'SimpleContentType', name: 'Doc', variable: 'Doc', workflow: [schemeId] },
  });
  await s.http('POST', '/api/v2/contenttype/Doc/fields', {
    headers: admin,
    body: [
      { clazz: 'TextField', name: 'title' },
      { clazz: 'BinaryField', name: 'document', variable: 'document' },
    ],
  });
  const fire = async (actionId: string, as: string, form: Record<string, unknown>, query = '') => {
    const fired = await s.http('PUT', `/api/v1/workflow/actions/${actionId}/fire${query}`, {
      headers: s.basicAuth(as, as === 'admin@cms.com' ? undefined : PASSWORD),
      body: { contentletFormData: form },
    });
    return fired;
  };
  /** Whether the item still offers Approve, i.e. stands in Review. */
  const inReview = async (inode: string) =>
    (
      (await s.http('GET', `/api/v1/workflow/contentlet/${inode}/actions`, { headers: admin })).json.entity as Array<{
        id: string;
      }>
    ).some((a) => a.id === approve);
  return { submit, approve, fire, inReview };
}

const sortedTo = (mails: Array<{ to: string[] }>) => mails.map((m) => m.to.join(',')).sort();

onEachStorage(
  "'Four Eyes' Approval: approvals by distinct approvers, roles expanded; until enough, the item stays and the rest waits",
  async (t, s, mail) => {
    const role = (
      await s.http('POST', '/api/v1/roles', {
        headers: s.basicAuth(),
        body: { roleName: 'Approvers', roleKey: 'approvers' },
      })
    ).json.entity.id;
    const ann = await user(s, 'ann@x.com');
    await user(s, 'bob@x.com', [role]);
    await user(s, 'cid@x.com', [role]);
    const flow = await reviewScheme(s, [
      [
        'FourEyeApproverActionlet',
        {
          approvers: `${ann}, approvers`,
          minimumApprovers: '2',
          emailSubject: 'Approve $content.title',
          emailBody: '$user.firstName approved; please approve too',
        },
      ],
      ['PublishContentActionlet', {}],
    ]);
    const submitted = await flow.fire(flow.submit, 'admin@cms.com', { contentType: 'Doc', title: 'Plan' });
    t.equal(submitted.status, 200);
    const { identifier, inode } = submitted.json.entity;

    const first = await flow.fire(flow.approve, 'ann@x.com', {}, `?identifier=${identifier}`);
    t.equal(first.status, 200);
    t.equal(first.json.entity.map.live, false, 'Publish (a later sub-action) did not run');
    t.ok(await flow.inReview(inode), 'the item stays in Review');
    const asked = await mail.waitFor(2);
    t.strictSame(sortedTo(asked), ['bob@x.com', 'cid@x.com'], 'the approvers who have not approved, from the role');
    t.match(asked[0]!.data, /Subject: Approve Plan/);
    t.match(asked[0]!.data, /ann approved; please approve too/);
    await mail.drain(s);

    const again = await flow.fire(flow.approve, 'ann@x.com', {}, `?identifier=${identifier}`);
    t.equal(again.json.entity.map.live, false, 'the same approver twice counts once');
    t.ok(await flow.inReview(inode));
    await mail.waitFor(2);
    t.strictSame(sortedTo(await mail.drain(s)), ['bob@x.com', 'cid@x.com'], 'asked again');

    const second = await flow.fire(flow.approve, 'bob@x.com', {}, `?identifier=${identifier}`);
    t.equal(second.status, 200);
    t.equal(second.json.entity.map.live, true, 'a second approver: the rest of the action ran');
    t.notOk(await flow.inReview(second.json.entity.inode), 'and the item moved on');
    t.strictSame(await mail.drain(s), [], 'nobody is asked any more');
  },
);

onEachStorage(
  'Require Multiple Approvers waits for every listed user (by id or e-mail address)',
  async (t, s, mail) => {
    const ann = await user(s, 'ann@x.com');
    await user(s, 'bob@x.com');
    const flow = await reviewScheme(s, [
      ['MultipleApproverActionlet', { approvers: `${ann}, bob@x.com`, emailSubject: 'Multiple Approval Required' }],
      ['PublishContentActionlet', {}],
    ]);
    const { identifier, inode } = (await flow.fire(flow.submit, 'admin@cms.com', { contentType: 'Doc', title: 'Plan' }))
      .json.entity;
    const byBob = await flow.fire(flow.approve, 'bob@x.com', {}, `?identifier=${identifier}`);
    t.equal(byBob.json.entity.map.live, false);
    t.ok(await flow.inReview(inode));
    t.strictSame(sortedTo(await mail.waitFor(1)), ['ann@x.com'], 'the one still to approve is asked');
    await mail.drain(s);
    const byAdmin = await flow.fire(flow.approve, 'admin@cms.com', {}, `?identifier=${identifier}`);
    t.equal(byAdmin.json.entity.map.live, false, 'someone not listed does not count');
    await mail.drain(s);
    const byAnn = await flow.fire(flow.approve, 'ann@x.com', {}, `?identifier=${identifier}`);
    t.equal(byAnn.json.entity.map.live, true, 'all listed approvers: published');
  },
  ['sqlite'],
);

onEachStorage(
  'Notify Users mails users by id, e-mail address and role; Send an Email honours its condition, cc, bcc and attachments',
  async (t, s, mail) => {
    const role = (
      await s.http('POST', '/api/v1/roles', { headers: s.basicAuth(), body: { roleName: 'Team', roleKey: 'team' } })
    ).json.entity.id;
    const ann = await user(s, 'ann@x.com');
    await user(s, 'bob@x.com', [role]);
    await user(s, 'cid@x.com', [role]);
    // A file on the site, attached by its path.
    const file = await s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      headers: s.basicAuth(),
      body: {
        contentletFormData: {
          contentType: 'FileAsset',
          hostFolder: 'default:/',
          fileAsset: `data:text/plain;name=terms.txt;base64,${Buffer.from('the terms').toString('base64')}`,
        },
      },
    });
    t.equal(file.status, 200);
    const flow = await reviewScheme(s, [
      [
        'NotifyUsersActionlet',
        { emails: `${ann}, team, outside@y.com, ghost`, emailSubject: 'News: $content.title', isHtml: 'false' },
      ],
      [
        'EmailActionlet',
        {
          fromEmail: 'desk@x.com',
          fromName: 'Desk',
          toEmail: 'reader@y.com',
          toName: 'Reader',
          cc: 'copy@y.com',
          bcc: 'hidden@y.com',
          emailSubject: 'About $content.title',
          emailBody: '<p>Fired by $user.email: <b>$content.title</b></p>',
          condition: "#if($content.title == 'Quiet')false#end",
          attachment1: 'document',
          attachment2: '/terms.txt',
        },
      ],
    ]);
    const document = `data:application/pdf;name=report.pdf;base64,${Buffer.from('%PDF report').toString('base64')}`;
    const quiet = (await flow.fire(flow.submit, 'admin@cms.com', { contentType: 'Doc', title: 'Quiet', document })).json
      .entity;
    t.equal((await flow.fire(flow.approve, 'admin@cms.com', {}, `?identifier=${quiet.identifier}`)).status, 200);
    await mail.waitFor(4);
    // Every job run: a Send an Email the condition failed to stop would have been delivered by now.
    await jobsSettled(s);
    const notified = mail.received;
    t.strictSame(
      sortedTo(notified),
      ['ann@x.com', 'bob@x.com', 'cid@x.com', 'outside@y.com'],
      'one mail each; the unknown entry is skipped; the condition printed false: no Send an Email',
    );
    t.match(notified[0]!.data, /Subject: News: Quiet/);
    t.match(notified[0]!.data, /Content-Type: text\/plain/);
    t.ok(
      s.logs.some((l) => JSON.stringify(l.references) === '["ghost"]'),
      'the unknown entry is logged as a warning',
    );
    await mail.drain(s);

    const loud = (await flow.fire(flow.submit, 'admin@cms.com', { contentType: 'Doc', title: 'Loud', document })).json
      .entity;
    t.equal((await flow.fire(flow.approve, 'admin@cms.com', {}, `?identifier=${loud.identifier}`)).status, 200);
    const all = await mail.waitFor(5);
    const sent = all.find((m) => m.to.includes('reader@y.com'));
    t.ok(sent, 'the condition did not print false: sent');
    t.strictSame(sent!.to.sort(), ['copy@y.com', 'hidden@y.com', 'reader@y.com'], 'to, cc and bcc in the envelope');
    t.match(sent!.data, /From: Desk <desk@x.com>/);
    t.match(sent!.data, /To: Reader <reader@y.com>/);
    t.match(sent!.data, /Cc: copy@y.com/);
    t.notMatch(sent!.data, /hidden@y.com/, 'bcc is not in the headers');
    t.match(sent!.data, /Subject: About Loud/);
    t.match(sent!.data, /Content-Type: text\/html/);
    t.match(sent!.data, /filename=report.pdf/);
    t.match(sent!.data, new RegExp(Buffer.from('%PDF report').toString('base64')), 'the Binary field, attached');
    t.match(sent!.data, /filename=terms.txt/);
    t.match(sent!.data, new RegExp(Buffer.from('the terms').toString('base64')), 'the file at the path, attached');
  },
  ['sqlite'],
);

onEachStorage('Message: the named users read it over REST; nobody else can', async (t, s) => {
  const ann = await user(s, 'ann@x.com');
  await user(s, 'bob@x.com');
  const flow = await reviewScheme(s, [
    [
      'com.cms.portlets.workflows.MessageActionlet',
      { users: `Current User, ${ann}`, message: '$user.firstName approved $content.title' },
    ],
  ]);
  const { identifier } = (await flow.fire(flow.submit, 'admin@cms.com', { contentType: 'Doc', title: 'Plan' })).json
    .entity;
  t.equal((await flow.fire(flow.approve, 'admin@cms.com', {}, `?identifier=${identifier}`)).status, 200);
  const as = (email: string) => s.basicAuth(email, email === 'admin@cms.com' ? undefined : PASSWORD);
  const list = async (email: string) => (await s.http('GET', '/api/v1/messages', { headers: as(email) })).json.entity;

  const annList = await list('ann@x.com');
  t.equal(annList.unread, 1);
  t.equal(annList.pagination.totalEntries, 1);
  t.match(annList.messages[0], { message: 'Admin approved Plan', identifier, read: false });
  t.equal((await list('admin@cms.com')).messages.length, 1, 'the current user got it too');
  t.strictSame((await list('bob@x.com')).messages, [], 'another user sees none of them');

  const id = annList.messages[0].id;
  t.equal((await s.http('PUT', `/api/v1/messages/${id}/_read`, { headers: as('bob@x.com') })).status, 404);
  t.equal((await s.http('DELETE', `/api/v1/messages/${id}`, { headers: as('bob@x.com') })).status, 404);
  t.equal((await s.http('PUT', `/api/v1/messages/${id}/_read`, { headers: as('admin@cms.com') })).status, 404);
  const read = await s.http('PUT', `/api/v1/messages/${id}/_read`, { headers: as('ann@x.com') });
  t.equal(read.status, 200);
  t.equal(read.json.entity.read, true);
  t.equal((await list('ann@x.com')).unread, 0);
  t.equal((await s.http('DELETE', `/api/v1/messages/${id}`, { headers: as('ann@x.com') })).status, 200);
  t.strictSame((await list('ann@x.com')).messages, []);
  t.equal((await s.http('GET', '/api/v1/messages')).status, 401, 'signed-in users only');
});
