import { fireSystem } from '../search/search-helpers.js';
import { testOnEachStorage, textContentType } from '../helpers/test-app.js';

const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const PUBLISH = 'b9d89c80-3d88-4311-8365-187323c96436';
const DRAFT_STEP = 'ee24a4cb-2d15-4c98-b1bd-6327126451f3';
const PUBLISHED_STEP = 'dc3c9cd0-8467-404b-bf95-cb7df3fbc293';

testOnEachStorage("an item's workflow timeline: history and comments as the original shows them", async (t, s) => {
  const admin = s.basicAuth();
  await textContentType(s, 'Memo', ['title']);
  const item = await fireSystem(s, 'NEW', { contentType: 'Memo', title: 'Quarterly' });
  const id = item.identifier as string;
  await fireSystem(s, 'PUBLISH', { identifier: id });
  const me = (await s.http('GET', '/api/v1/users/current', { headers: admin })).json;

  const comment = await s.http('POST', `/api/v1/workflow/${id}/comments`, {
    headers: admin,
    body: { comment: 'Ready for review' },
  });
  t.equal(comment.status, 200, comment.text);
  t.match(comment.json.entity, {
    type: 'comment',
    commentDescription: 'Ready for review',
    postedBy: `${me.givenName} ${me.surname}`.trim(),
    roleId: me.roleId,
    taskId: `${id}:1`,
    step: { id: PUBLISHED_STEP, name: 'Published' },
    action: null,
  });

  const timeline = await s.http('GET', `/api/v1/workflow/tasks/history/comments/${id}`, { headers: admin });
  t.equal(timeline.status, 200, timeline.text);
  const entries = timeline.json.entity as Array<Record<string, unknown>>;
  t.strictSame(
    entries.map((e) => [e.type, e.commentDescription]),
    [
      ['history', 'Save'],
      ['history', 'Publish'],
      ['comment', 'Ready for review'],
    ],
    'oldest first',
  );
  t.match(entries[0], {
    postedBy: `${me.givenName} ${me.surname}`.trim(),
    roleId: me.roleId,
    taskId: `${id}:1`,
    step: { id: DRAFT_STEP, name: 'Draft' },
    action: { id: SAVE, name: 'Save' },
  });
  t.match(entries[1], { step: { id: PUBLISHED_STEP, name: 'Published' }, action: { id: PUBLISH, name: 'Publish' } });

  const inDefault = await s.http('GET', `/api/v1/workflow/tasks/history/comments/${id}?language=1`, { headers: admin });
  t.equal(inDefault.json.entity.length, 3, 'language: that language only');
  const inOther = await s.http('GET', `/api/v1/workflow/tasks/history/comments/${id}?language=2`, { headers: admin });
  t.strictSame(inOther.json.entity, [], 'nothing in a language the item is not in');
  const everyLanguage = await s.http('GET', `/api/v1/workflow/tasks/history/comments/${id}?language=-1`, {
    headers: admin,
  });
  t.equal(everyLanguage.json.entity.length, 3, '-1: every language, as absent');
  t.equal((await s.http('GET', `/api/v1/workflow/tasks/history/comments/${id}`, {})).status, 401);
});
