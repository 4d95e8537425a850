import { FileDelivery } from '../../core/content/file-delivery.js';
import { FolderService } from '../../core/folder/folder-service.js';
import { MenuLinkService } from '../../core/menu-link/menu-link-service.js';
import { NavigationService } from '../../core/nav/navigation-service.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { SiteByHost } from '../../core/site/site-by-host.js';
import { SiteService } from '../../core/site/site-service.js';
import { SiteVariableService } from '../../core/site/site-variables.js';
import { envelope } from '../http/envelope.js';
import { declare } from './declare.js';

/** Sites, their folders, menu links and pages, and the files and navigation served from them. */
export const siteTreeServices = {
  /** Which site a host name reaches, remembered for a while. */
  siteByHost: declare({ needs: ['storage'], build: (d): SiteByHost => new SiteByHost(d) }),
  siteVariables: declare({ needs: ['storage'], build: (d): SiteVariableService => new SiteVariableService(d) }),
  sites: declare({
    needs: ['storage', 'definitions', 'permissions', 'content', 'indexQueue', 'siteByHost', 'siteVariables'],
    build: ({ siteByHost, ...d }): SiteService => new SiteService({ ...d, changed: () => siteByHost.forget() }),
  }),
  folders: declare({
    needs: ['storage', 'definitions', 'permissions', 'content', 'indexQueue'],
    build: (d): FolderService => new FolderService({ ...d, backEndUserRoleId: SEED_IDS.backendUserRole }),
  }),
  menuLinks: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): MenuLinkService => new MenuLinkService({ ...d, backEndUserRoleId: SEED_IDS.backendUserRole }),
  }),
  fileDelivery: declare({
    needs: ['storage', 'contentReader', 'assets', 'siteByHost', 'settings'],
    build: (d): FileDelivery =>
      new FileDelivery({
        storage: d.storage,
        reader: d.contentReader,
        assets: d.assets,
        sites: d.siteByHost,
        fallThrough: d.settings.defaultFileToDefaultLanguage,
      }),
  }),
  navigation: declare({
    needs: ['storage', 'definitions', 'permissions', 'siteByHost', 'settings'],
    build: ({ siteByHost, settings, ...d }): NavigationService =>
      new NavigationService({
        ...d,
        sites: siteByHost,
        anonymous: settings.anonymousContentAccess,
        permissionCheck: settings.navPermissionCheck,
        fallThrough: {
          pages: settings.defaultPageToDefaultLanguage,
          files: settings.defaultFileToDefaultLanguage,
        },
        // The envelope is serialised with the tree, once: a cached answer is written as it is.
        serialise: (root) => Buffer.from(JSON.stringify(envelope(root))),
      }),
  }),
};
