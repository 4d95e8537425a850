import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { SiteForm } from '../route-helpers/site-form.js';
import { SiteSchema, siteView } from '../views/site-view.js';

const CopySiteForm = Type.Object(
  {
    copyFromSiteId: Type.String({ minLength: 1, maxLength: 255 }),
    copyAll: Type.Optional(Type.Boolean()),
    copyFolders: Type.Optional(Type.Boolean()),
    copySiteVariables: Type.Optional(Type.Boolean()),
    site: SiteForm,
  },
  {
    additionalProperties: true,
    description:
      'The original copy options also name templates, containers, links, content and content types, which are not copied here',
  },
);

const ByNameForm = Type.Object(
  { siteName: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: true },
);

/** Changing sites beyond create and archive: update, publish, copy, and reading one by name. */
export default defineRoutes(
  'site changes',
  ['sites', 'siteVariables', 'readRules'],
  ({ sites, siteVariables, readRules }) => [
    route({
      method: 'PUT',
      path: '/api/v1/site',
      access: 'admin',
      summary:
        'Updates the site named by the id query parameter: its name and aliases, and its variables when sent (they become its whole list)',
      query: Type.Object({ id: Type.Optional(Type.String({ maxLength: 255 })) }),
      body: SiteForm,
      answers: { 404: 'no such site', 409: 'another site has the name, or the system site' },
      response: { schema: SiteSchema },
      handler: async ({ query, body, principal }) => {
        if (!query.id) throw new CmsError(Errors.SITE_ID_REQUIRED, undefined, { fieldName: 'id' });
        const site = await sites.update(query.id, body, principal.user.userId);
        return siteView(site, await siteVariables.list(site.identifier));
      },
    }),
    route({
      method: 'PUT',
      path: '/api/v1/site/:siteId/_publish',
      access: 'admin',
      summary: 'Publishes a site: it answers its host names (an archived site must be unarchived first)',
      answers: { 404: 'no such site', 409: 'an archived site, or the system site' },
      response: { schema: SiteSchema },
      handler: async ({ params, principal }) => siteView(await sites.publish(params.siteId, principal.user.userId)),
    }),
    route({
      method: 'PUT',
      path: '/api/v1/site/:siteId/_unpublish',
      access: 'admin',
      summary: 'Unpublishes a site: its host names reach the default site (never the default or the system site)',
      answers: { 404: 'no such site', 409: 'the default or the system site' },
      response: { schema: SiteSchema },
      handler: async ({ params, principal }) => siteView(await sites.unpublish(params.siteId, principal.user.userId)),
    }),
    route({
      method: 'PUT',
      path: '/api/v1/site/:siteId/_makedefault',
      access: 'admin',
      summary:
        'Makes a live site the default one (it answers every host name no other site claims); answers true, as the original does',
      answers: { 404: 'no such site', 409: 'an archived or stopped site, or the system site' },
      response: { schema: Type.Literal(true) },
      handler: async ({ params, principal }) => {
        await sites.makeDefault(params.siteId, principal.user.userId);
        return true as const;
      },
    }),
    route({
      method: 'PUT',
      path: '/api/v1/site/_copy',
      access: 'admin',
      summary:
        'Creates a site from `site` and copies into it the folders (copyFolders) and variables (copySiteVariables) of copyFromSiteId, or both (copyAll)',
      body: CopySiteForm,
      answers: { 404: 'no source site the caller may read', 409: 'another site has the name' },
      response: { schema: SiteSchema },
      handler: async ({ body, principal }) => {
        const { site: form, copyFromSiteId, ...options } = body;
        const site = await sites.copy(principal, copyFromSiteId, form, options);
        return siteView(site, await siteVariables.list(site.identifier));
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/site/_byname',
      access: 'user',
      summary: 'One site by its name (sent in the body, so that no name needs escaping in a path), with its variables',
      body: ByNameForm,
      answers: { 404: 'no such site, or one the caller may not read' },
      response: { schema: SiteSchema },
      handler: async ({ body, principal }) => {
        const site = await readRules.requireSite(principal, await sites.getSite(body.siteName), body.siteName);
        return siteView(site, await siteVariables.list(site.identifier));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/site/_byname/:siteName',
      access: 'user',
      summary: 'One site by its name, with its variables',
      answers: { 404: 'no such site, or one the caller may not read' },
      response: { schema: SiteSchema },
      handler: async ({ params, principal }) => {
        const site = await readRules.requireSite(principal, await sites.getSite(params.siteName), params.siteName);
        return siteView(site, await siteVariables.list(site.identifier));
      },
    }),
  ],
);
