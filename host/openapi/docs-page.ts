/**
 * The browsable page of the document: our own index and initializer around the Swagger UI bundle.
 * The initializer is a file of its own, not an inline script, so that the page's policy allows
 * scripts from the service only. Paths are absolute: `/api/docs` (no trailing slash) would
 * resolve relative ones against `/api/`.
 */
export const DOCS_BASE = '/api/docs';
export const DOCUMENT_PATH = '/api/openapi.json';
export const INITIALIZER_FILE = 'docs-init.js';

export const DOCS_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>cms REST interface</title>
    <link rel="stylesheet" href="${DOCS_BASE}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_BASE}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${DOCS_BASE}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_BASE}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_BASE}/${INITIALIZER_FILE}"></script>
  </body>
</html>
`;

// validatorUrl null: the page would otherwise send the document to a validator on the Internet.
export const DOCS_INITIALIZER_JS = `'use strict';
window.ui = SwaggerUIBundle({
  url: '${DOCUMENT_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * The page's own policy, replacing the service's `frame-ancestors 'none'` on these answers only:
 * scripts and styles from the service, the bundle's inline SVG images (`data:`), and requests to
 * the service (the document, "Try it out"). Nothing inline, nothing from elsewhere.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
