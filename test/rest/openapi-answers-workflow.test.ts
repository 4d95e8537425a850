import { checkDocumentedAnswer } from '../helpers/documented-answer.js';
import { testOnSqlite } from '../helpers/test-app.js';

// The workflow definition routes that no other test calls with a 200 answer,
// checked explicitly against the schema the OpenAPI document publishes for them.

testOnSqlite('a changed step answers as documented', async (t, s) => {
  const admin = s.basicAuth();
  const wf = (method: string, path: string, body?: unknown) =>
    s.http(method, `/api/v1/workflow${path}`, { headers: admin, body });
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Editorial' })).json.entity.id as string;
  const stepId = (await wf('POST', '/steps', { schemeId, stepName: 'Draft' })).json.entity.id as string;
  const actionId = (await wf('POST', '/actions', { actionName: 'Escalate', schemeId, stepId })).json.entity
    .id as string;

  // The escalation members set: the action an id, the time given as a string, answered as seconds.
  const changed = await wf('PUT', `/steps/${stepId}`, {
    stepName: 'Review',
    stepResolved: true,
    enableEscalation: true,
    escalationAction: actionId,
    escalationTime: '3600',
  });
  checkDocumentedAnswer(t, s, 'PUT /api/v1/workflow/steps/:stepId', changed);
  t.match(changed.json.entity, { name: 'Review', escalationAction: actionId, escalationTime: 3600 });

  // And cleared again: no escalation action, no time.
  const cleared = await wf('PUT', `/steps/${stepId}`, {
    enableEscalation: false,
    escalationAction: null,
    escalationTime: '',
  });
  checkDocumentedAnswer(t, s, 'PUT /api/v1/workflow/steps/:stepId', cleared);
  t.match(cleared.json.entity, { escalationAction: null, escalationTime: 0 });
});
