import { administrationErrors } from './administration.js';
import { analyticsIngestErrors } from './analytics.js';
import { analyticsErrors } from './analytics-site-keys.js';
import { authErrors } from './auth.js';
import { contentErrors, fieldProblemErrors } from './content.js';
import { contentTypeErrors } from './content-types.js';
import { folderErrors } from './folders.js';
import { httpErrors } from './http.js';
import { jobErrors } from './jobs.js';
import { legacyContentErrors } from './legacy-content.js';
import { menuLinkErrors } from './menu-links.js';
import { navigationErrors } from './navigation.js';
import { pluginErrors } from './plugin.js';
import { publishingErrors } from './publishing.js';
import { searchQueryErrors } from './search-query.js';
import { siteLanguageCategoryErrors } from './sites-languages-categories.js';
import { storageErrors } from './storage.js';
import { tokenErrors } from './tokens.js';
import { workflowErrors } from './workflow.js';
import { workflowSchemeErrors } from './workflow-schemes.js';

/**
 * Every error code the service can answer, by area. Throw sites name an entry
 * (`new CmsError(Errors.WORKFLOW_STEP_NOT_FOUND)`); `docs/errors.md` is written from this list.
 */
export const Errors = {
  ...httpErrors,
  ...authErrors,
  ...tokenErrors,
  ...administrationErrors,
  ...siteLanguageCategoryErrors,
  ...contentTypeErrors,
  ...contentErrors,
  ...folderErrors,
  ...menuLinkErrors,
  ...navigationErrors,
  ...fieldProblemErrors,
  ...workflowErrors,
  ...workflowSchemeErrors,
  ...legacyContentErrors,
  ...storageErrors,
  ...pluginErrors,
  ...searchQueryErrors,
  ...analyticsIngestErrors,
  ...analyticsErrors,
  ...jobErrors,
  ...publishingErrors,
} as const;

/** The areas in the order the published list shows them. */
export const ERROR_AREAS = [
  httpErrors,
  authErrors,
  tokenErrors,
  administrationErrors,
  siteLanguageCategoryErrors,
  contentTypeErrors,
  contentErrors,
  folderErrors,
  menuLinkErrors,
  navigationErrors,
  fieldProblemErrors,
  workflowErrors,
  workflowSchemeErrors,
  legacyContentErrors,
  storageErrors,
  pluginErrors,
  searchQueryErrors,
  analyticsIngestErrors,
  analyticsErrors,
  jobErrors,
  publishingErrors,
] as const;
