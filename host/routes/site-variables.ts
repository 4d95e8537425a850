import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { SiteVariableSchema, siteVariableView } from '../views/site-view.js';

/** The original's site variable form; its checks (and their words) are the service's. */
const SiteVariableForm = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 255 })),
    siteId: Type.Optional(Type.String({ maxLength: 255 })),
    name: Type.Optional(Type.String({ maxLength: 255 })),
    key: Type.Optional(Type.String({ maxLength: 255 })),
    value: Type.Optional(Type.String({ maxLength: 65_535 })),
  },
  { additionalProperties: true },
);

/** Variables of a site: read by those who may read the site, changed by administrators. */
export default defineRoutes(
  'site variables',
  ['sites', 'siteVariables', 'readRules'],
  ({ sites, siteVariables, readRules }) => [
    route({
      method: 'GET',
      path: '/api/v1/site/variable/:siteId',
      access: 'user',
      summary: "A site's variables, in the order they were added",
      answers: { 404: 'no such site, or one the caller may not read' },
      response: { schema: Type.Array(SiteVariableSchema) },
      handler: async ({ params, principal }) => {
        const site = await readRules.requireSite(principal, await sites.getSite(params.siteId), params.siteId);
        return (await siteVariables.list(site.identifier)).map(siteVariableView);
      },
    }),
    route({
      method: 'PUT',
      path: '/api/v1/site/variable',
      access: 'admin',
      summary:
        'Saves a site variable: the one with this id, else the one with this key (ignoring case), else a new one',
      body: SiteVariableForm,
      answers: { 404: 'no such site' },
      response: { schema: SiteVariableSchema },
      handler: async ({ body, principal }) => {
        if (!body.siteId?.trim()) {
          throw new CmsError(Errors.SITE_VARIABLE_FIELD_REQUIRED, { field: 'siteId' }, { fieldName: 'siteId' });
        }
        const site = await sites.getSite(body.siteId.trim());
        return siteVariableView(await siteVariables.save(site.identifier, body, principal.user.userId));
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/v1/site/variable/:siteId/:variableId',
      access: 'admin',
      summary: 'Deletes a variable of a site',
      answers: { 404: 'no such site, or no such variable of it' },
      response: { schema: Type.Literal(true) },
      handler: async ({ params }) => {
        const site = await sites.getSite(params.siteId);
        await siteVariables.delete(site.identifier, params.variableId);
        return true as const;
      },
    }),
  ],
);
