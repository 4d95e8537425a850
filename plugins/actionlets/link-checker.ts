import { InvalidError, type ActionletContext, type OutboundHttp } from '../../core/plugin/kit.js';
import { catalogueActionlet } from './define.js';
import { extractLinks } from './extract-links.js';
import { required } from './param.js';

/** Links checked at once: enough to be quick, few enough not to hammer one site. */
const CONCURRENCY = 4;

/** Answers why the link is broken, or null when it can be reached. */
async function brokenBecause(http: OutboundHttp, link: string): Promise<string | null> {
  try {
    let answer = await http.request(link, { method: 'HEAD', discardBody: true });
    // Some servers refuse HEAD (405, 501) or answer it wrongly: a GET decides.
    if (answer.status >= 400) answer = await http.request(link, { method: 'GET', discardBody: true });
    return answer.status >= 400 ? `HTTP ${answer.status}` : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function checkAll(http: OutboundHttp, links: string[]): Promise<Array<{ link: string; reason: string }>> {
  const broken: Array<{ link: string; reason: string }> = [];
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const link = links[next++]!;
      const reason = await brokenBecause(http, link);
      if (reason) broken.push({ link, reason });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, links.length) }, worker));
  return broken.sort((a, b) => links.indexOf(a.link) - links.indexOf(b.link));
}

function linksOf(context: ActionletContext): string[] {
  const fields = (context.params.fieldList ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const links = fields.flatMap((field) => {
    const value = context.item.values[field];
    return typeof value === 'string' ? extractLinks(value) : [];
  });
  return [...new Set(links)];
}

/**
 * Link Checker. It checks in `preSave`, so a broken link fails the fire before anything is saved.
 * NOTE: the checks run inside the fire (the caller waits for them); each is bounded by the
 * outbound timeout, and at most four run at once.
 */
export function linkChecker(http: OutboundHttp) {
  return catalogueActionlet({
    className: 'CheckURLAccessibilityActionlet',
    name: 'Link Checker',
    howTo:
      'Checks that every link in the listed fields (variable names, comma-separated) can be reached, and fails the action when one cannot.',
    parameters: [required('fieldList', 'Fields to check (variable names, comma-separated)')],
    preSave: async (context) => {
      const broken = await checkAll(http, linksOf(context));
      if (broken.length === 0) return;
      const list = broken.map(({ link, reason }) => `${link} (${reason})`).join(', ');
      throw new InvalidError(`Broken links: ${list}`, { code: 'WORKFLOW_LINKS_BROKEN', fieldName: 'fieldList' });
    },
    run: () => {},
  });
}
