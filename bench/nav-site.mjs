// The navigation benchmarks' site: 10 top-level folders, each with 5 folders and 5 pages; 18 pages
// in each of those folders; 10 pages at the root (1,020 folders and pages, all live and on the
// menu), made through the REST interface. `call` is the administrator's (adminCaller of lib.mjs).

export const SITE = { sections: 10, subfolders: 5, sectionPages: 5, leafPages: 18 };
/** The tree the benchmarks read: three levels, in the default language. */
export const NAV_PATH = '/api/v1/nav/?depth=3&language_id=1';

const folder = (call, path, sortOrder) =>
  call('POST', '/api/v1/assets/folders', {
    assetPath: `//default${path}`,
    data: { title: path.split('/').at(-2), showOnMenu: true, sortOrder },
  });

/** Publishes a page on the menu named `name` in `folderPath`. */
export const publishPage = (call, folderPath, name, sortOrder) =>
  call('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
    contentletFormData: {
      contentType: 'htmlpageasset',
      hostFolder: `default:${folderPath}`,
      url: name,
      title: name,
      showOnMenu: 'true',
      sortOrder,
    },
  });

/** Runs the jobs a few at a time: the service takes writes in turn anyway. */
async function inTurns(jobs, width = 4) {
  for (let i = 0; i < jobs.length; i += width) await Promise.all(jobs.slice(i, i + width).map((job) => job()));
}

/** Makes the site; answers how many folders and pages it made and the seconds it took. */
export async function buildNavSite(call) {
  const { sections, subfolders, sectionPages, leafPages } = SITE;
  const started = Date.now();
  let items = 0;
  const jobs = [];
  for (let s = 0; s < sections; s++) {
    const section = `/section-${s}/`;
    await folder(call, section, s);
    items++;
    jobs.push(() => publishPage(call, '/', `page-${s}`, s));
    for (let p = 0; p < sectionPages; p++) jobs.push(() => publishPage(call, section, `page-${p}`, p));
    for (let f = 0; f < subfolders; f++) {
      const sub = `${section}topic-${f}/`;
      await folder(call, sub, f);
      items++;
      for (let p = 0; p < leafPages; p++) jobs.push(() => publishPage(call, sub, `page-${p}`, p));
    }
  }
  items += jobs.length;
  await inTurns(jobs);
  return { items, seconds: (Date.now() - started) / 1000 };
}
