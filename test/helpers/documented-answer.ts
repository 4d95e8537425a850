import type { Test } from 'tap';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { RegisteredRoute } from '../../host/http/pipeline.js';
import { documentedSuccess } from '../../host/openapi/documented-success.js';
import type { TestApp, TestResponse } from './test-app.js';

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

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
  if (response.status !== 200) problems.unshift(`answered ${response.status}, not 200`);
  return problems.slice(0, 10);
}

/**
 * What is wrong with an answer of a route judged by its documented success: the media type and the
 * body against the schema (an alternative's, when the answer is of that type). Nothing for a route
 * that declares no schema.
 */
export function answerProblems(registered: RegisteredRoute, response: TestResponse): string[] {
  const success = documentedSuccess(registered.definition, registered.path);
  if (!success.declared || !success.schema) return [];
  if (success.never) return ['answered 200, documented as never succeeding'];
  const problems: string[] = [];
  const type = response.headers.get('content-type') ?? '';
  const alternative = Object.entries(success.alternatives).find(([mediaType]) => type.startsWith(mediaType));
  const [mediaType, schema] = alternative ?? [success.mediaType, success.schema];
  if (mediaType !== '*/*' && !type.startsWith(mediaType))
    problems.push(`Content-Type ${type}, documented ${mediaType}`);
  const body = mediaType === 'application/json' ? response.json : response.text;
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  for (const error of check.Errors(body)) problems.push(`${error.path || '/'}: ${error.message}`);
  return problems.slice(0, 10);
}

/** Asserts that a successful answer of an annotated route matches the schema the document publishes for it. */
export function checkDocumentedAnswer(t: Test, s: TestApp, route: string, response: TestResponse): void {
  t.same(documentedAnswerProblems(s, route, response), [], `${route} answers as documented`);
}
