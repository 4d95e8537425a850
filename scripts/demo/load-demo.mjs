// npm run demo: loads the demo data set into a running service through its REST interface.
// CMS_URL (default http://127.0.0.1:8080), CMS_ADMIN_EMAIL (default admin@cms.com) and
// CMS_ADMIN_PASSWORD (the administrator's password: the one start-up printed, or INITIAL_ADMIN_PASSWORD).
import { loadDemo } from './demo-data.mjs';

const url = (process.env.CMS_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const email = process.env.CMS_ADMIN_EMAIL ?? 'admin@cms.com';
const password = process.env.CMS_ADMIN_PASSWORD ?? process.env.INITIAL_ADMIN_PASSWORD;
if (!password) {
  console.error('Set CMS_ADMIN_PASSWORD to the administrator password (start-up prints it the first time).');
  process.exit(2);
}
const authorization = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

async function call(method, path, body) {
  const response = await fetch(url + path, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

try {
  const made = await loadDemo(call);
  console.log(
    `Demo loaded into ${url}: site ${made.site}, ${made.contentTypes} content types, ${made.users} users ` +
      `(password demo-password-2027), items published ${made.items.published}, draft ${made.items.draft}, archived ${made.items.archived}.`,
  );
} catch (error) {
  console.error(`The demo could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
