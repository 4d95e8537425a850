import t from 'tap';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Site } from '../../core/model/site.js';
import { route } from '../../host/http/route.js';
import { SiteSchema, siteView } from '../../host/views/site-view.js';

// The views and the route handlers are typed by the schemas the OpenAPI document publishes, so an
// answer that drifts from the document does not compile. Each `@ts-expect-error` below is such a
// drift: the type check (`tsc -p test/tsconfig.json`) fails if one of them ever compiles.

const site: Site = {
  identifier: 'site-1',
  inode: 'inode-1',
  siteName: 'example.com',
  aliases: '',
  isDefault: true,
  system: false,
  archived: false,
  live: true,
  modUser: 'admin',
  modDate: 1_700_000_000_000,
};

/** A view that renamed a member: the schema still publishes `siteName`. */
export function renamedMemberView(s: Site): Static<typeof SiteSchema> {
  const { siteName, ...rest } = siteView(s);
  // @ts-expect-error `name` is not in the published schema, and `siteName` is missing
  return { ...rest, name: siteName };
}

/** A view that answers a member in another type than the schema says. */
export function retypedMemberView(s: Site): Static<typeof SiteSchema> {
  // @ts-expect-error `modDate` is published as milliseconds, not an ISO string
  return { ...siteView(s), modDate: new Date(s.modDate).toISOString() };
}

/** A handler that answers what its route does not declare. */
export const driftedRoute = route({
  method: 'GET',
  path: '/api/v1/drift',
  access: 'public',
  summary: 'Answers a site',
  response: { schema: SiteSchema },
  // @ts-expect-error the handler's answer lacks most of the site's members
  handler: () => ({ identifier: 'site-1' }),
});

/** A handler whose literal answer is not the declared one. */
export const wrongLiteralRoute = route({
  method: 'DELETE',
  path: '/api/v1/drift',
  access: 'public',
  summary: 'Answers Ok',
  response: { schema: Type.Literal('Ok') },
  // @ts-expect-error `OK` is not the `Ok` the document publishes
  handler: () => 'OK' as const,
});

t.test('a typed view answers what its schema publishes', async (t) => {
  t.ok(Value.Check(SiteSchema, siteView(site)), 'siteView matches SiteSchema');
  t.notOk(Value.Check(SiteSchema, renamedMemberView(site)), 'the drifted view would fail the answer checks too');
  t.notOk(Value.Check(SiteSchema, retypedMemberView(site)));
});
