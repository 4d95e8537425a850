import type { TestApp } from './test-app.js';

/** Fires a system action on a form (the folder must exist); answers the entity. */
export async function fireForm(s: TestApp, verb: string, form: Record<string, unknown>) {
  const fired = await s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}`, {
    headers: s.basicAuth(),
    body: { contentletFormData: form },
  });
  if (fired.status !== 200) throw new Error(`${verb}: ${fired.text}`);
  return fired.json.entity as { identifier: string; inode: string };
}

/** Creates (or updates) a folder through the assets API, with its menu members. */
export async function menuFolder(
  s: TestApp,
  path: string,
  data: { title?: string; showOnMenu?: boolean; sortOrder?: number },
  site = 'default',
): Promise<string> {
  const made = await s.http('POST', '/api/v1/assets/folders', {
    headers: s.basicAuth(),
    body: { assetPath: `//${site}${path}`, data },
  });
  if (made.status !== 200) throw new Error(`folder ${path}: ${made.text}`);
  return made.json.entity.identifier as string;
}

/** Creates a menu link (published unless `publish: false`, on the menu unless `showOnMenu: false`). */
export async function menuLink(s: TestApp, body: Record<string, unknown>): Promise<string> {
  const made = await s.http('POST', '/api/v1/menulinks', {
    headers: s.basicAuth(),
    body: { siteId: 'default', showOnMenu: true, publish: true, ...body },
  });
  if (made.status !== 200) throw new Error(`link ${String(body.title)}: ${made.text}`);
  return made.json.entity.identifier as string;
}

export function page(path: string, title: string, members: Record<string, unknown> = {}, site = 'default') {
  const at = path.lastIndexOf('/');
  return {
    contentType: 'htmlpageasset',
    hostFolder: `${site}:${path.slice(0, at) || '/'}`,
    url: path.slice(at + 1),
    title,
    ...members,
  };
}

export function file(path: string, title: string, members: Record<string, unknown> = {}, site = 'default') {
  const at = path.lastIndexOf('/');
  const name = path.slice(at + 1);
  return {
    contentType: 'FileAsset',
    hostFolder: `${site}:${path.slice(0, at) || '/'}`,
    fileAsset: `data:text/plain;name=${encodeURIComponent(name)};base64,${Buffer.from(title).toString('base64')}`,
    title,
    ...members,
  };
}

export interface NavTree {
  folders: Record<string, string>;
  pages: Record<string, string>;
  links: Record<string, string>;
}

/**
 * A site tree for navigation tests on the default site, in two languages (2 is added here):
 *
 * /home (page, 0)        /about-us/ (1)                   /products/ (2)                 /news/ (3)
 * Meet the team (link 4, internal, to /about-us/team/)
 *                          index (page 1, both languages)   widgets/ (1)
 *                          team/ (2) → members (page 1)     catalog (page 1)
 *                            leaders/ (1)                   Store (link 3, external, _blank)
 *                          brochure.txt (file 2)
 *                          contact (page 3, language 1 only)
 * Hidden: /private/ and /about-us/history/ (not on the menu), /about-us/secret (page not on the
 * menu), /about-us/hidden.txt (file not on the menu), /about-us/draft (never published),
 * /products/old (published, then unpublished), /news/gone (archived), the link Archive in /news/
 * (not on the menu) and the link Old site in /about-us/ (never published).
 */
export async function buildNavTree(s: TestApp): Promise<NavTree> {
  const lang = await s.http('POST', '/api/v2/languages', {
    headers: s.basicAuth(),
    body: { languageCode: 'fr', countryCode: 'FR', language: 'French', country: 'France' },
  });
  if (lang.status !== 200) throw new Error(`language: ${lang.text}`);
  const folders: Record<string, string> = {};
  const shown = (sortOrder: number, title?: string) => ({ showOnMenu: true, sortOrder, ...(title ? { title } : {}) });
  folders.aboutUs = await menuFolder(s, '/about-us/', shown(1, 'About Us'));
  folders.team = await menuFolder(s, '/about-us/team/', shown(2, 'Team'));
  folders.leaders = await menuFolder(s, '/about-us/team/leaders/', shown(1, 'Leaders'));
  folders.history = await menuFolder(s, '/about-us/history/', { showOnMenu: false, title: 'History' });
  folders.products = await menuFolder(s, '/products/', shown(2, 'Products'));
  folders.widgets = await menuFolder(s, '/products/widgets/', shown(1, 'Widgets'));
  folders.private = await menuFolder(s, '/private/', { showOnMenu: false });
  folders.news = await menuFolder(s, '/news/', shown(3, 'News'));

  const onMenu = (sortOrder: number) => ({ showOnMenu: 'true', sortOrder });
  const pages: Record<string, string> = {};
  pages.home = (await fireForm(s, 'PUBLISH', page('/home', 'Home', onMenu(0)))).identifier;
  pages.index = (await fireForm(s, 'PUBLISH', page('/about-us/index', 'About', onMenu(1)))).identifier;
  await fireForm(s, 'PUBLISH', {
    ...page('/about-us/index', 'À propos', onMenu(1)),
    identifier: pages.index,
    languageId: 2,
  });
  pages.contact = (await fireForm(s, 'PUBLISH', page('/about-us/contact', 'Contact', onMenu(3)))).identifier;
  pages.members = (await fireForm(s, 'PUBLISH', page('/about-us/team/members', 'Members', onMenu(1)))).identifier;
  pages.catalog = (await fireForm(s, 'PUBLISH', page('/products/catalog', 'Catalog', onMenu(1)))).identifier;
  pages.brochure = (await fireForm(s, 'PUBLISH', file('/about-us/brochure.txt', 'Brochure', onMenu(2)))).identifier;
  pages.secret = (await fireForm(s, 'PUBLISH', page('/about-us/secret', 'Secret', { sortOrder: 1 }))).identifier;
  pages.hiddenFile = (await fireForm(s, 'PUBLISH', file('/about-us/hidden.txt', 'Hidden'))).identifier;
  pages.draft = (await fireForm(s, 'NEW', page('/about-us/draft', 'Draft', onMenu(1)))).identifier;
  pages.old = (await fireForm(s, 'PUBLISH', page('/products/old', 'Old', onMenu(0)))).identifier;
  await fireForm(s, 'UNPUBLISH', { identifier: pages.old });
  pages.gone = (await fireForm(s, 'PUBLISH', page('/news/gone', 'Gone', onMenu(0)))).identifier;
  await fireForm(s, 'ARCHIVE', { identifier: pages.gone });

  const links: Record<string, string> = {};
  links.team = await menuLink(s, {
    title: 'Meet the team',
    folderPath: '/',
    linkType: 'INTERNAL',
    internalLinkIdentifier: folders.team,
    sortOrder: 4,
  });
  links.store = await menuLink(s, {
    title: 'Store',
    folderPath: '/products',
    url: 'store.example.com',
    protocol: 'https://',
    target: '_blank',
    sortOrder: 3,
  });
  links.archive = await menuLink(s, { title: 'Archive', folderPath: '/news', url: '/archive', showOnMenu: false });
  links.oldSite = await menuLink(s, { title: 'Old site', folderPath: '/about-us', url: '/old', publish: false });
  return { folders, pages, links };
}

/** The titles of a navigation item's tree, nested as `title[child, child]`, for compact comparisons. */
export function outline(item: { title: string; children?: unknown[] }): string {
  if (!item.children) return item.title;
  return `${item.title}[${(item.children as Array<{ title: string; children?: unknown[] }>).map(outline).join(', ')}]`;
}
