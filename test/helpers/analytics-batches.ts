// Builders of analytics ingest batches shaped as the tracking library (@dotcms/analytics) sends them.

/** A JSON object of a batch, loosely typed so tests can break it. */
export type Json = Record<string, unknown>;

export const SITE_AUTH = 'demo.example.com.Xk2pQ9tR7vW1';
export const SESSION_ID = 'session_1749472200000_k3j2h1g9f8d7s6a5';
export const USER_ID = 'user_1749000000000_q1w2e3r4t5y6u7i8';
export const LOCAL_TIME = '2025-06-09T14:30:00+02:00';

export function context(overrides: Json = {}): Json {
  return {
    site_auth: SITE_AUTH,
    session_id: SESSION_ID,
    user_id: USER_ID,
    device: { screen_resolution: '1920x1080', language: 'en-US', viewport_width: '1280', viewport_height: '720' },
    ...overrides,
  };
}

export function pageview(page: Json = {}, data: Json = {}): Json {
  return {
    event_type: 'pageview',
    local_time: LOCAL_TIME,
    data: {
      page: {
        url: 'https://demo.example.com/blog/post?utm_source=news#top',
        title: 'A post',
        doc_host: 'demo.example.com',
        doc_path: '/blog/post',
        doc_protocol: 'https:',
        doc_search: '?utm_source=news',
        doc_hash: '#top',
        doc_encoding: 'UTF-8',
        locale_id: 'en-us',
        ...page,
      },
      ...data,
    },
  };
}

export function impression(position: Json = {}, overrides: Json = {}): Json {
  return {
    event_type: 'content_impression',
    local_time: LOCAL_TIME,
    data: {
      content: { identifier: 'c1a2b3', inode: 'i9z8y7', title: 'Hero banner', content_type: 'Banner' },
      position: { viewport_offset_pct: 18.5, dom_index: 0, ...position },
      page: { title: 'Home', url: 'https://demo.example.com/' },
    },
    ...overrides,
  };
}

export function click(element: Json = {}, overrides: Json = {}): Json {
  return {
    event_type: 'content_click',
    local_time: LOCAL_TIME,
    data: {
      content: { identifier: 'c1a2b3', inode: 'i9z8y7', title: 'Hero banner', content_type: 'Banner' },
      element: {
        text: 'Read more',
        type: 'a',
        id: 'cta-1',
        class: 'btn btn-primary',
        href: '/blog/post',
        attributes: ['data-track:hero', 'target:_self'],
        ...element,
      },
      position: { viewport_offset_pct: 42, dom_index: 3 },
      page: { title: 'Home', url: 'https://demo.example.com/' },
    },
    ...overrides,
  };
}

export function conversion(name = 'newsletter-signup', data: Json = {}): Json {
  return {
    event_type: 'conversion',
    local_time: LOCAL_TIME,
    data: { conversion: { name }, page: { url: 'https://demo.example.com/thanks', title: 'Thanks' }, ...data },
  };
}

export function customEvent(eventType = 'cta_click', custom: Json = { button: 'hero', value: 3 }): Json {
  return { event_type: eventType, local_time: LOCAL_TIME, data: { custom } };
}

export function batch(events: unknown[], ctx: Json = context()): string {
  return JSON.stringify({ context: ctx, events });
}

/** One event of each kind the tracker sends, 15 in all, as one of its batches. */
export function trackerBatch(ctx: Json = context()): string {
  const referrerPage = { referrer: 'https://www.google.com/', user_agent: 'Mozilla/5.0 (X11; Linux x86_64)' };
  const utm = { source: 'newsletter', medium: 'email', campaign: 'june', term: 'cms', content: 'hero', id: 'c-42' };
  return batch(
    [
      pageview(referrerPage, { utm }),
      impression({ viewport_offset_pct: 12.25, dom_index: 0 }),
      impression({ viewport_offset_pct: -35.5, dom_index: 1 }),
      impression({ viewport_offset_pct: 88, dom_index: 2 }),
      click(),
      customEvent('cta_click', { button: 'hero', variant: 'b', nested: { a: [1, 2], b: null } }),
      customEvent('video_play', { seconds: 12 }),
      pageview({ url: 'https://demo.example.com/pricing', title: 'Pricing', ...referrerPage }),
      impression({ viewport_offset_pct: 5, dom_index: 0 }),
      click({ href: '/signup' }),
      conversion('trial-started', { custom: { plan: 'pro' } }),
      customEvent('form_submit', { form: 'signup' }),
      pageview({ url: 'https://demo.example.com/thanks', title: 'Thanks', ...referrerPage }),
      conversion('newsletter-signup'),
      customEvent('scroll_depth', { pct: 75 }),
    ],
    ctx,
  );
}
