const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';

/** Anything that sends a REST call as an administrator and answers status and JSON. */
export type AdminCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;

/**
 * A scheme whose assignable action Submit saves the item and runs Notify Assignee (and, with
 * `thenFail`, an action Doomed that does the same and then fails: Delete content on an item not saved),
 * bound to a content type Story. Answers the action ids and a `fire` of Submit assigned to `assignee`.
 */
export async function notifyScheme(call: AdminCall, assignee: string) {
  const wf = (method: string, path: string, body?: unknown) => call(method, `/api/v1/workflow${path}`, body);
  const schemeId = (await wf('POST', '/schemes', { schemeName: 'Review' })).json.entity.id;
  const draft = (await wf('POST', '/steps', { schemeId, stepName: 'Draft' })).json.entity.id;
  const review = (await wf('POST', '/steps', { schemeId, stepName: 'Review' })).json.entity.id;
  const action = async (name: string, actionlets: string[]) => {
    const id = (
      await wf('POST', '/actions', {
        actionName: name,
        schemeId,
        actionNextStep: review,
        actionAssignable: true,
        stepId: draft,
      })
    ).json.entity.id as string;
    // A new action starts with Notify Assignee; it is placed where the test wants it instead.
    for (const association of (await wf('GET', `/actions/${id}/actionlets`)).json.entity as Array<{ id: string }>)
      await wf('DELETE', `/actionlets/${association.id}`);
    for (const clazz of actionlets) {
      const added = await wf('POST', `/actions/${id}/actionlets`, {
        actionletClass: ACTIONLET + clazz,
        parameters: {},
      });
      if (added.status !== 200) throw new Error(`${clazz} not added: ${added.status}`);
    }
    return id;
  };
  const submit = await action('Submit', ['SaveContentActionlet', 'NotifyAssigneeActionlet']);
  const doomed = await action('Doomed', ['NotifyAssigneeActionlet', 'DeleteContentActionlet']);
  await call('POST', '/api/v1/contenttype', {
    clazz: 'SimpleContentType',
    name: 'Story',
    variable: 'Story',
    workflow: [schemeId],
  });
  await call('POST', '/api/v2/contenttype/Story/fields', [{ clazz: 'TextField', name: 'title', variable: 'title' }]);
  const fire = (actionId: string, title: string) =>
    call('PUT', `/api/v1/workflow/actions/${actionId}/fire`, {
      contentletFormData: { contentType: 'Story', title },
      assign: assignee,
    });
  return { submit, doomed, fire };
}
