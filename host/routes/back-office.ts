import { join } from 'node:path';
import { CmsError, Errors } from '../../core/errors/index.js';
import { loadAssetBundle, type BundledAsset } from '../back-office/asset-bundle.js';
import { assetReply } from '../back-office/asset-reply.js';
import { reply, route } from '../http/route.js';
import { serviceRoot } from '../startup/version.js';
import { fileAnswer } from '../views/file-answer.js';
import { defineRoutes } from './route-module.js';

const INDEX = 'index.html';
/** Where the build puts files named by their content's hash. */
const HASHED = 'assets/';

/**
 * The back office: a single-page application built into `admin.dir`, served under `/admin/`. Its
 * files are public (the page itself signs the user in through the REST interface); paths that
 * name no file and look like a screen of the application (no extension) get its page, so that a
 * reload or a bookmark of `/admin/users/42` works.
 */
export default defineRoutes('back-office', ['settings'], ({ settings }) => {
  const dir = settings.backOfficeDir || join(serviceRoot(), 'dist', 'admin');
  let bundle: Promise<Map<string, BundledAsset>> | undefined;
  // Read at the first request, not at start: most processes (and every test app) never serve it.
  // A folder that is missing is looked for again at the next request (a build may be under way).
  const files = (): Promise<Map<string, BundledAsset>> =>
    (bundle ??= loadAssetBundle(dir).then(
      (loaded) => {
        if (!loaded.has(INDEX)) throw new CmsError(Errors.BACK_OFFICE_NOT_BUILT);
        return loaded;
      },
      () => {
        throw new CmsError(Errors.BACK_OFFICE_NOT_BUILT);
      },
    )).catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });

  return [
    route({
      method: 'GET',
      path: '/admin',
      access: 'public',
      summary: 'The back office’s page (`/admin` is sent to `/admin/`, so that its relative paths resolve)',
      answers: { 301: 'to /admin/', 503: 'the back office is not built' },
      response: fileAnswer('The page of the single-page application', 'text/html'),
      handler: async ({ request }) => {
        if (!request.path.endsWith('/'))
          return reply(Buffer.alloc(0), { status: 301, headers: { Location: '/admin/', 'Cache-Control': 'no-cache' } });
        return assetReply(request, (await files()).get(INDEX)!, false);
      },
    }),
    route({
      method: 'GET',
      path: '/admin/*file',
      access: 'public',
      summary: 'A file of the back office, or its page for the paths of its screens',
      answers: { 404: 'no such file', 503: 'the back office is not built' },
      response: fileAnswer("The file's bytes (a script, a style sheet, an image...), or the page"),
      handler: async ({ request, params }) => {
        const loaded = await files();
        const asset = loaded.get(params.file);
        if (asset) return assetReply(request, asset, params.file.startsWith(HASHED));
        const last = params.file.slice(params.file.lastIndexOf('/') + 1);
        if (params.file.startsWith(HASHED) || last.includes('.')) throw new CmsError(Errors.HTTP_ROUTE_NOT_FOUND);
        return assetReply(request, loaded.get(INDEX)!, false);
      },
    }),
  ];
});
