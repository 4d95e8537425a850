/** `href`/`src` attributes of HTML, whatever the quoting. */
const ATTRIBUTE = /\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;
/** Bare URLs in text; a URL ends at white space, a quote or an angle bracket. */
const BARE_URL = /\bhttps?:\/\/[^\s"'<>]+/gi;
/** Punctuation that ends a sentence rather than a URL ("see https://example.com."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function decodeEntities(text: string): string {
  return text.replace(/&amp;/gi, '&').replace(/&#38;/g, '&');
}

/**
 * The absolute http(s) links in a field value, HTML or plain text, each once, in order of appearance.
 * Relative links, anchors and other schemes (mailto:, javascript:) are not links to check.
 */
export function extractLinks(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(ATTRIBUTE))
    found.push(decodeEntities((match[1] ?? match[2] ?? match[3] ?? '').trim()));
  // Attribute values are taken whole above; strip tags so a bare-URL match cannot cut them short.
  const withoutTags = text.replace(/<[^>]*>/g, ' ');
  for (const match of withoutTags.matchAll(BARE_URL))
    found.push(decodeEntities(match[0].replace(TRAILING_PUNCTUATION, '')));
  const links: string[] = [];
  for (const candidate of found) {
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !links.includes(url.href)) links.push(url.href);
  }
  return links;
}
