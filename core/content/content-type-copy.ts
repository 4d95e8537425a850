import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import { BASE_CONTENT_TYPES, type ContentType } from '../model/content-type.js';
import type { Page } from '../model/page.js';
import { SYSTEM_HOST } from '../model/site.js';
import type { ContentTypeQuery, Storage } from '../plugin/storage/index.js';
import type { ContentTypeService, ContentTypeWithFields } from './content-type-service.js';

/** What `_copy` takes: the copy's name, and optionally its variable, site, folder and icon. */
/** What a copy changes of its source; null, as the original's clients send it, keeps the source's. */
export interface CopyContentTypeInput {
  name?: string | null;
  variable?: string | null;
  host?: string | null;
  folder?: string | null;
  icon?: string | null;
}

/** The members of `_filter`'s `filter`: variables (comma-separated), a name query, a site and base types. */
export interface ContentTypeFilter {
  types?: string;
  query?: string;
  site?: string;
  /** Comma-separated site identifiers or names: the types living on any of them (the original's `sites`). */
  sites?: string;
  baseTypes?: readonly string[];
}

/** How many sites one `sites` filter may name, as the original bounds it. */
const MAX_FILTER_SITES = 100;

/** The original's base types with the labels its editors show. */
export const BASE_TYPE_LABELS: Record<(typeof BASE_CONTENT_TYPES)[number], string> = {
  CONTENT: 'Content',
  WIDGET: 'Widget',
  FORM: 'Form',
  FILEASSET: 'File',
  HTMLPAGE: 'Page',
  PERSONA: 'Persona',
  VANITY_URL: 'Vanity URL',
  KEY_VALUE: 'Key Value',
  DOTASSET: 'dotAsset',
};

/** Copies of content types, and the filtered listing of `_filter`: built on the type service. */
export class ContentTypeCopier {
  private readonly storage: Storage;
  private readonly types: ContentTypeService;

  constructor(options: { storage: Storage; types: ContentTypeService }) {
    this.storage = options.storage;
    this.types = options.types;
  }

  /**
   * A new type with the source's settings, workflows and fields (fresh ids): reading the source is
   * enough to copy it, creating the copy is for administrators (the route says so).
   */
  async copy(principal: Principal, source: string, input: CopyContentTypeInput): Promise<ContentTypeWithFields> {
    return this.storage.transaction(async (tx) => {
      const from = await this.types.get(source, tx);
      return this.types.create(
        {
          ...from,
          name: input.name,
          variable: input.variable,
          host: input.host ?? from.host,
          folder: input.folder ?? from.folder,
          icon: input.icon ?? from.icon,
          workflow: from.workflows,
          // The base type's own fields among them keep the source's settings (`create` merges them);
          // variables get fresh ids, as ids are unique across fields.
          fields: from.fields.map(({ id: _id, contentTypeId: _type, ...field }) => ({
            ...field,
            fieldVariables: field.fieldVariables.map(({ key, value }) => ({ key, value })),
          })),
        },
        principal.user.userId,
        tx,
      );
    });
  }

  /**
   * `site` (an identifier or a name) keeps that site's types and the system's, as the original's site
   * filter does; `sites` keeps the types of the sites it lists (`SYSTEM_HOST` among them if named).
   */
  async filter(filter: ContentTypeFilter, query: Omit<ContentTypeQuery, 'hosts' | 'baseTypes' | 'variables'>) {
    const site = filter.site?.trim();
    let hosts: string[] | undefined;
    if (site && site !== SYSTEM_HOST) hosts = [await this.siteId(site, 'site'), SYSTEM_HOST];
    else if (site) hosts = [SYSTEM_HOST];
    const listed = filter.sites
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (listed?.length) {
      if (listed.length > MAX_FILTER_SITES)
        throw new CmsError(
          Errors.CONTENT_TYPE_FILTER_TOO_MANY_SITES,
          { max: MAX_FILTER_SITES },
          { fieldName: 'sites' },
        );
      const ids: string[] = [];
      for (const name of listed) ids.push(name === SYSTEM_HOST ? SYSTEM_HOST : await this.siteId(name, 'sites'));
      hosts = hosts ? hosts.filter((h) => ids.includes(h)) : ids;
    }
    const baseTypes = filter.baseTypes?.map((b) => {
      const base = b.trim().toUpperCase();
      if (!(BASE_CONTENT_TYPES as readonly string[]).includes(base))
        throw new CmsError(
          Errors.CONTENT_TYPE_BASE_TYPE_UNKNOWN,
          { baseType: b, baseTypes: BASE_CONTENT_TYPES.join(', ') },
          { fieldName: 'baseType' },
        );
      return base;
    });
    const variables = filter.types
      ?.split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const page: Page<ContentType> = await this.types.list({
      ...query,
      filter: filter.query?.trim() || query.filter,
      ...(hosts ? { hosts } : {}),
      ...(baseTypes ? { baseTypes } : {}),
      ...(variables?.length ? { variables } : {}),
    });
    return page;
  }

  private async siteId(site: string, fieldName: string): Promise<string> {
    const found = (await this.storage.sites.findById(site)) ?? (await this.storage.sites.findByName(site));
    if (!found) throw new CmsError(Errors.CONTENT_TYPE_HOST_UNKNOWN, { site }, { fieldName });
    return found.identifier;
  }
}
