import type { TestApp } from './test-app.js';

/** Creates folders on a site (parents as needed; existing ones are kept) as the administrator. */
export async function createFolders(s: TestApp, siteName: string, paths: string[]): Promise<void> {
  const made = await s.http('POST', `/api/v1/folder/createfolders/${encodeURIComponent(siteName)}`, {
    headers: s.basicAuth(),
    body: paths,
  });
  if (made.status !== 200) throw new Error(`createfolders ${siteName} ${paths.join(', ')}: ${made.text}`);
}

/** Creates the folder a Site or Folder value of the form `site:/path` names (content must be placed in one that exists). */
export async function createFolderOf(s: TestApp, hostFolder: unknown): Promise<void> {
  if (typeof hostFolder !== 'string') return;
  const at = hostFolder.indexOf(':/');
  if (at > 0 && hostFolder.length > at + 2) await createFolders(s, hostFolder.slice(0, at), [hostFolder.slice(at + 1)]);
}
