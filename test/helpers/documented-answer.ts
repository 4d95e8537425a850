import type { Test } from 'tap';
import { Value } from '@sinclair/typebox/value';
import type { RegisteredRoute } from '../../host/http/pipeline.js';
import { documentedSuccess, type DocumentedSuccess } from '../../host/openapi/documented-success.js';
import type { TestApp, TestResponse } from './test-app.js';

// Every answer of every test is checked: the success of a route (whose envelope schema is built anew
// on each call) is worked out once per declaration, not once per answer.
const successes = new WeakMap<RegisteredRoute['definition'], DocumentedSuccess>();

/**
 * What is wrong with a successful answer of an annotated route, judged by the schema the OpenAPI
 * document publishes for it (its `response`, in the envelope where it is answered in one); empty
 * when it matches. `route` is the route as declared: `GET /api/v1/users/:userId`.
 */
export function documentedAnswerProblems(s: Pick<TestApp, 'app'>, route: string, response: TestResponse): string[] {
  const [method, path] = route.split(' ') as [string, string];
  const registered = s.app.routes().find((r) => r.method === method && r.path === path);
  if (!registered) return [`${route} is not a registered route`];
  if (!registered.definition.response?.schema) return [`${route} declares no answer schema`];
  const problems = answerProblems(registered, response);
  const status = registered.definition.response.status ?? 200;
  if (response.status !== status) problems.unshift(`answered ${response.status}, not ${status}`);
  return problems.slice(0, 10);
}

/**
 * What is wrong with an answer of a route judged by its documented success: the media type and the
 * body against the schema (an alternative's, when the answer is of that type). Nothing for a route
 * that declares no schema.
 */
export function answerProblems(registered: RegisteredRoute, response: TestResponse): string[] {
  let success = successes.get(registered.definition);
  if (!success)
    successes.set(registered.definition, (success = documentedSuccess(registered.definition, registered.path)));
  if (!success.declared || !success.schema) return [];
  if (success.never) return ['answered 200, documented as never succeeding'];
  const problems: string[] = [];
  const type = response.headers.get('content-type') ?? '';
  const alternative = Object.entries(success.alternatives).find(([mediaType]) => type.startsWith(mediaType));
  const [mediaType, schema] = alternative ?? [success.mediaType, success.schema];
  if (mediaType !== '*/*' && !type.startsWith(mediaType))
    problems.push(`Content-Type ${type}, documented ${mediaType}`);
  const body = mediaType === 'application/json' ? response.json : response.text;
  // Interpreted, not compiled: most routes answer a few times per test file, and compiling the
  // larger schemas (a contentlet with its type) cost more than checking them.
  if (!Value.Check(schema, body))
    for (const error of Value.Errors(schema, body)) problems.push(`${error.path || '/'}: ${error.message}`);
  return problems.slice(0, 10);
}

/** Asserts that a successful answer of an annotated route matches the schema the document publishes for it. */
export function checkDocumentedAnswer(t: Test, s: TestApp, route: string, response: TestResponse): void {
  t.same(documentedAnswerProblems(s, route, response), [], `${route} answers as documented`);
}
