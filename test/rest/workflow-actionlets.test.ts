import t from 'tap';
import { fileURLToPath } from 'node:url';
import { jobsSettled, startMailCatcher } from '../helpers/mail-catcher.js';
import { startTestApp } from '../helpers/test-app.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/actionlets/stamp-field.mjs', import.meta.url));
const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';

t.test(
  'the catalogue lists the 25 actionlets; a third-party actionlet loads through plugins=, is associated and runs on fire',
  async (t) => {
    const s = (await startTestApp(t, { env: { CMS_PLUGINS: EXAMPLE } }))!;
    const admin = s.basicAuth();
    const catalogue = (await s.http('GET', '/api/v1/workflow/actionlets/', { headers: admin })).json.entity as Array<{
      name: string;
      actionClass: string;
    }>;
    t.equal(catalogue.length, 26, 'the 25 of the spec and the example');
    t.ok(
      catalogue.find((a) => a.actionClass === 'com.cms.portlets.workflows.MessageActionlet'),
      'Message lives one package up',
    );
    t.notOk(
      catalogue.find((a) => a.name === 'Destroy content'),
      'Destroy is not part of the public catalogue',
    );
    t.ok(catalogue.find((a) => a.actionClass === 'com.example.cms.StampFieldActionlet'));

    await s.http('POST', '/api/v1/contenttype', {
      headers: admin,
      body: { clazz: 'SimpleContentType', name: 'Note', variable: 'Note' },
    });
    await s.http('POST', '/api/v2/contenttype/Note/fields', {
      headers: admin,
      body: [
        { clazz: 'TextField', name: 'title' },
        { clazz: 'TextField', name: 'stamp' },
      ],
    });
    const save = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
    t.equal(
      (
        await s.http('POST', `/api/v1/workflow/actions/${save}/actionlets`, {
          headers: admin,
          body: { actionletClass: 'com.example.cms.StampFieldActionlet', parameters: {} },
        })
      ).status,
      400,
      'required parameters are checked',
    );
    t.equal(
      (
        await s.http('POST', `/api/v1/workflow/actions/${save}/actionlets`, {
          headers: admin,
          body: {
            actionletClass: 'com.example.cms.StampFieldActionlet',
            parameters: { field: 'stamp', value: 'by $user.email' },
          },
        })
      ).status,
      200,
    );
    const fired = await s.http('PUT', `/api/v1/workflow/actions/${save}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Note', title: 'Hi' } },
    });
    t.equal(fired.status, 200);
    t.equal(fired.json.entity.map.stamp, 'by admin@cms.com', 'the third-party actionlet ran');
  },
);

t.test(
  'Notify Assignee mails the assignee through SMTP after the commit; Set Value and Comment on Workflow render templates',
  async (t) => {
    const mail = await startMailCatcher(t);
    const { received } = mail;
    const s = (await startTestApp(t, { env: mail.env }))!;
    const admin = s.basicAuth();
    const wf = (method: string, path: string, body?: unknown) =>
      s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
    const reviewer = (
      await s.http('POST', '/api/v1/users', {
        headers: admin,
        body: { email: 'reviewer@x.com', firstName: 'Rev', lastName: 'Iewer', password: 'reviewer-password' },
      })
    ).json.entity.userId;

    const schemeId = (await wf('POST', '/schemes', { schemeName: 'Review' })).json.entity.id;
    const draft = (await wf('POST', '/steps', { schemeId, stepName: 'Draft' })).json.entity.id;
    const review = (await wf('POST', '/steps', { schemeId, stepName: 'Review' })).json.entity.id;
    const submit = (
      await wf('POST', '/actions', {
        actionName: 'Submit',
        schemeId,
        actionNextStep: review,
        actionAssignable: true,
        actionCommentable: true,
        stepId: draft,
      })
    ).json.entity.id;
    for (const [clazz, parameters] of [
      ['SetValueActionlet', { field: 'status', value: 'submitted by $user.firstName' }],
      ['SaveContentActionlet', {}],
      ['CommentOnWorkflowActionlet', { comment: 'Submitted: $content.title' }],
    ] as const) {
      t.equal(
        (await wf('POST', `/actions/${submit}/actionlets`, { actionletClass: ACTIONLET + clazz, parameters })).status,
        200,
      );
    }
    await s.http('POST', '/api/v1/contenttype', {
      headers: admin,
      body: { clazz: 'SimpleContentType', name: 'Story', variable: 'Story', workflow: [schemeId] },
    });
    await s.http('POST', '/api/v2/contenttype/Story/fields', {
      headers: admin,
      body: [
        { clazz: 'TextField', name: 'title' },
        { clazz: 'TextField', name: 'status' },
      ],
    });

    const fired = await s.http('PUT', `/api/v1/workflow/actions/${submit}/fire`, {
      headers: admin,
      body: {
        contentletFormData: { contentType: 'Story', title: 'Big news' },
        assign: reviewer,
        comments: 'please look',
      },
    });
    t.equal(fired.status, 200);
    t.equal(fired.json.entity.map.status, 'submitted by Admin', 'Set Value rendered its template before the save');
    const history = (await wf('GET', `/tasks/history/comments/${fired.json.entity.identifier}`)).json.entity.map(
      (h: { commentDescription: string }) => h.commentDescription,
    );
    t.same(history, ['Submitted: Big news', 'Submit', 'please look']);
    await mail.waitFor(1);
    await jobsSettled(s);
    t.equal(received.length, 1, 'one mail to the assignee');
    t.same(received[0]!.to, ['reviewer@x.com']);

    const noAssignee = (
      await wf('POST', '/actions', { actionName: 'Quiet', schemeId, actionNextStep: review, stepId: draft })
    ).json.entity.id;
    await wf('POST', `/actions/${noAssignee}/actionlets`, { actionletClass: ACTIONLET + 'SaveContentActionlet' });
    t.equal(
      (
        await s.http('PUT', `/api/v1/workflow/actions/${noAssignee}/fire`, {
          headers: admin,
          body: { contentletFormData: { contentType: 'Story', title: 'Quiet' } },
        })
      ).status,
      200,
    );
    // Every job written by that fire has run: a mail it called for would be here.
    await jobsSettled(s);
    t.equal(received.length, 1, 'no assignee, nothing to send');

    // Assigned to a role: every member is mailed, whether the role was granted or is the member's own.
    const role = (
      await s.http('POST', '/api/v1/roles', { headers: admin, body: { roleName: 'Reviewers', roleKey: 'reviewers' } })
    ).json.entity;
    for (const email of ['one@x.com', 'two@x.com']) {
      t.equal(
        (
          await s.http('POST', '/api/v1/users', {
            headers: admin,
            body: { email, firstName: 'R', lastName: 'R', password: 'reviewer-password', roles: [role.id] },
          })
        ).status,
        200,
      );
    }
    const toRole = await s.http('PUT', `/api/v1/workflow/actions/${submit}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Story', title: 'For the team' }, assign: 'reviewers' },
    });
    t.equal(toRole.status, 200);
    await mail.waitFor(2);
    t.same(received[1]?.to.sort(), ['one@x.com', 'two@x.com'], "the role's members");
    await s.http('PUT', `/api/v1/workflow/actions/${submit}/fire`, {
      headers: admin,
      body: { contentletFormData: { contentType: 'Story', title: 'To me' }, assign: 'cms.org.1' },
    });
    await mail.waitFor(3);
    t.same(received[2]?.to, ['admin@cms.com'], 'a user id');
  },
);
