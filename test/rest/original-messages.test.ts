import type { Test } from 'tap';
import { testOnSqlite, textContentType, type TestApp } from '../helpers/test-app.js';

// The not-found and refusal messages clients of the original test for
// (compatibility notes), on every route that answers them today.

const WF = '/api/v1/workflow';
const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const UNARCHIVE = 'c92f9aa1-9503-4567-ac30-d3242b54d02d';
const DRAFT = 'ee24a4cb-2d15-4c98-b1bd-6327126451f3';
const MISSING = '0f0f0f0f-aaaa-4bbb-8ccc-0123456789ab';

type Call = [method: string, path: string, body?: unknown];

async function answers(s: TestApp, [method, path, body]: Call) {
  const answer = await s.http(method, path, { headers: s.basicAuth(), body });
  return { status: answer.status, message: answer.json?.message, first: answer.json?.errors?.[0]?.message };
}

/** Every call answers the status with the message, both as `message` and as the first error's. */
async function expectAll(t: Test, s: TestApp, calls: readonly Call[], status: number, message: string) {
  for (const call of calls)
    t.same(await answers(s, call), { status, message, first: message }, `${call[0]} ${call[1]}`);
}

testOnSqlite('workflow definitions: scheme, step and action not found', async (t, s) => {
  await expectAll(
    t,
    s,
    [
      ['GET', `${WF}/schemes/${MISSING}`],
      ['PUT', `${WF}/schemes/${MISSING}`, { schemeName: 'x' }],
      ['DELETE', `${WF}/schemes/${MISSING}`],
      ['GET', `${WF}/schemes/${MISSING}/steps`],
      ['GET', `${WF}/schemes/${MISSING}/actions`],
      ['GET', `${WF}/schemes/${MISSING}/system/actions`],
      ['POST', `${WF}/steps`, { schemeId: MISSING, stepName: 'x' }],
    ],
    404,
    `Workflow scheme [${MISSING}] not found`,
  );
  await expectAll(
    t,
    s,
    [
      ['GET', `${WF}/steps/${MISSING}`],
      ['PUT', `${WF}/steps/${MISSING}`, { stepName: 'x' }],
      ['DELETE', `${WF}/steps/${MISSING}`],
      ['GET', `${WF}/steps/${MISSING}/actions`],
      ['POST', `${WF}/steps/${MISSING}/actions`, { actionId: SAVE }],
      ['DELETE', `${WF}/steps/${MISSING}/actions/${SAVE}`],
    ],
    404,
    'The Workflow Step does not exist',
  );
  await expectAll(
    t,
    s,
    [
      ['GET', `${WF}/actions/${MISSING}`],
      ['PUT', `${WF}/actions/${MISSING}`, { actionName: 'x' }],
      ['DELETE', `${WF}/actions/${MISSING}`],
      ['GET', `${WF}/actions/${MISSING}/actionlets`],
      ['POST', `${WF}/actions/${MISSING}/actionlets`, { actionletClass: 'x' }],
      ['POST', `${WF}/steps/${DRAFT}/actions`, { actionId: MISSING }],
      ['PUT', `${WF}/actions/${MISSING}/fire`, { contentletFormData: { contentType: 'Note', title: 'x' } }],
    ],
    404,
    'The Workflow Action does not exist',
  );
});

testOnSqlite('content types: Content Type with id <id> not found', async (t, s) => {
  await expectAll(
    t,
    s,
    [
      ['GET', '/api/v1/contenttype/id/NoSuchType'],
      ['PUT', '/api/v1/contenttype/id/NoSuchType', { name: 'x' }],
      ['DELETE', '/api/v1/contenttype/id/NoSuchType'],
      ['GET', '/api/v2/contenttype/NoSuchType/fields'],
      ['POST', '/api/v2/contenttype/NoSuchType/fields', [{ clazz: 'TextField', name: 'x' }]],
      ['GET', `${WF}/schemes/schemescontenttypes/NoSuchType`],
      ['GET', `${WF}/contenttypes/NoSuchType/system/actions`],
    ],
    404,
    'Content Type with id NoSuchType not found',
  );
});

testOnSqlite('content and navigation: the original words', async (t, s) => {
  await textContentType(s, 'Note');
  const saved = await s.http('PUT', `${WF}/actions/${SAVE}/fire`, {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Note', title: 'Draft note' } },
  });
  t.equal(saved.status, 200, 'a draft to fire on');
  const { identifier } = saved.json.entity;
  await expectAll(
    t,
    s,
    [['PUT', `${WF}/actions/${UNARCHIVE}/fire?identifier=${identifier}`, { contentletFormData: {} }]],
    400,
    `The Workflow Action [${UNARCHIVE}] is not available in the Workflow Step the content is currently in.`,
  );
  await expectAll(
    t,
    s,
    [['GET', `${WF}/contentlet/${MISSING}/actions`]],
    404,
    `Contentlet identified by inode '${MISSING}' was Not found.`,
  );
  await expectAll(
    t,
    s,
    [
      ['GET', '/api/v1/nav/?depth=x'],
      ['POST', '/api/es/search?depth=x', { query: { match_all: {} } }],
    ],
    400,
    'Invalid value for Depth. Depth must be a number',
  );
  await expectAll(
    t,
    s,
    [
      ['GET', '/api/v1/nav/?languageId=99'],
      [
        'PUT',
        `${WF}/actions/${SAVE}/fire`,
        { contentletFormData: { contentType: 'Note', title: 'x', languageId: 99 } },
      ],
    ],
    400,
    'The provided languageId does not exist',
  );
  await expectAll(t, s, [['GET', '/api/v1/nav/no-such-folder']], 404, 'This URL does not exist');
});
