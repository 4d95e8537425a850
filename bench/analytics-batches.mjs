// Ingest batches as the tracking library sends them, varied the way real traffic varies: visitors
// (session and user ids), pages, campaigns, content items and positions. A batch of 15 is the
// tracker's own size; larger batches repeat the same mix of event kinds.

/** A small deterministic generator, so that every run sends the same bodies. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const PAGES = [
  ['/', 'Home'],
  ['/blog/why-headless', 'Why headless'],
  ['/blog/release-notes-2025', 'Release notes 2025'],
  ['/pricing', 'Pricing'],
  ['/products/analytics', 'Analytics'],
  ['/docs/getting-started', 'Getting started'],
  ['/contact', 'Contact us'],
  ['/signup', 'Sign up'],
];
const CAMPAIGNS = ['june-newsletter', 'spring-sale', 'webinar-42', 'retargeting'];
const SOURCES = [
  ['newsletter', 'email'],
  ['google', 'cpc'],
  ['linkedin', 'social'],
];
const CONTENT = [
  ['Banner', 'Hero banner'],
  ['Card', 'Feature card'],
  ['Promo', 'Summer promotion'],
  ['Blog', 'Related post'],
];
const CUSTOM = [
  ['cta_click', (r) => ({ button: 'hero', variant: r() < 0.5 ? 'a' : 'b' })],
  ['video_play', (r) => ({ seconds: Math.floor(r() * 300), video: 'intro' })],
  ['scroll_depth', (r) => ({ pct: [25, 50, 75, 100][Math.floor(r() * 4)] })],
  ['form_submit', () => ({ form: 'signup', fields: 4 })],
];

const pick = (r, list) => list[Math.floor(r() * list.length)];
const hex = (r, length) => Array.from({ length }, () => Math.floor(r() * 16).toString(16)).join('');

/** The kinds of the tracker's batch of 15, in its order: what a visitor does on two or three pages. */
const MIX = [
  'pageview',
  'impression',
  'impression',
  'impression',
  'click',
  'custom',
  'custom',
  'pageview',
  'impression',
  'click',
  'conversion',
  'custom',
  'pageview',
  'conversion',
  'custom',
];

function makeEvent(kind, r, host, localTime, index) {
  const [path, title] = pick(r, PAGES);
  const url = `https://${host}${path}`;
  const [contentType, contentTitle] = pick(r, CONTENT);
  const content = { identifier: hex(r, 32), inode: hex(r, 32), title: contentTitle, content_type: contentType };
  const position = { viewport_offset_pct: Math.round((r() * 200 - 50) * 100) / 100, dom_index: index % 12 };
  const page = { url, title };
  switch (kind) {
    case 'pageview': {
      const [source, medium] = pick(r, SOURCES);
      const campaign = pick(r, CAMPAIGNS);
      const search = `?utm_source=${source}&utm_medium=${medium}&utm_campaign=${campaign}`;
      return {
        event_type: 'pageview',
        local_time: localTime,
        data: {
          page: {
            url: url + search,
            title,
            doc_host: host,
            doc_path: path,
            doc_protocol: 'https:',
            doc_search: search,
            doc_hash: '',
            doc_encoding: 'UTF-8',
            locale_id: 'en-us',
            referrer: r() < 0.5 ? 'https://www.google.com/' : `https://${host}/`,
            user_agent:
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
          },
          utm: { source, medium, campaign },
        },
      };
    }
    case 'impression':
      return { event_type: 'content_impression', local_time: localTime, data: { content, position, page } };
    case 'click':
      return {
        event_type: 'content_click',
        local_time: localTime,
        data: {
          content,
          element: {
            text: 'Read more',
            type: 'a',
            id: `cta-${index}`,
            class: 'btn btn-primary',
            href: path,
            attributes: ['data-track:hero', 'target:_self'],
          },
          position,
          page,
        },
      };
    case 'conversion':
      return {
        event_type: 'conversion',
        local_time: localTime,
        data: { conversion: { name: r() < 0.5 ? 'newsletter-signup' : 'trial-started' }, page },
      };
    default: {
      const [name, custom] = pick(r, CUSTOM);
      return { event_type: name, local_time: localTime, data: { custom: custom(r) } };
    }
  }
}

/**
 * `count` different batch bodies of `size` events each for the site key `siteAuth`, every one from
 * another visitor (session and user id), as JSON text.
 */
export function ingestBodies(siteAuth, size, count, seed = 1) {
  const r = random(seed);
  const host = siteAuth.slice(0, siteAuth.lastIndexOf('.')) || 'demo.example.com';
  const bodies = [];
  for (let b = 0; b < count; b++) {
    const now = Date.now() - Math.floor(r() * 60_000);
    const offset = pick(r, ['+02:00', '-05:00', '+00:00', '+05:30']);
    const localTime = new Date(now).toISOString().slice(0, 19) + offset;
    const context = {
      site_auth: siteAuth,
      session_id: `session_${now}_${hex(r, 16)}`,
      user_id: `user_${now - 86_400_000 * Math.floor(r() * 30)}_${hex(r, 16)}`,
      device: {
        screen_resolution: pick(r, ['1920x1080', '2560x1440', '390x844', '1366x768']),
        language: pick(r, ['en-US', 'de-DE', 'es-ES', 'fr-FR']),
        viewport_width: pick(r, ['1280', '1440', '390']),
        viewport_height: pick(r, ['720', '900', '844']),
      },
    };
    const events = Array.from({ length: size }, (_, i) => makeEvent(MIX[i % MIX.length], r, host, localTime, i));
    bodies.push(JSON.stringify({ context, events }));
  }
  return bodies;
}
