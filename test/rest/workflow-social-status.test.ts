import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '../helpers/mail-catcher.js';
import { startTestApp, textContentType } from '../helpers/test-app.js';
import { oauth1Signature } from '../../plugins/actionlets/social/oauth1.js';

const SAVE = 'ceca71a0-deee-4999-bd47-b01baa1bcfc8';
const SOCIAL = 'com.cms.portlets.workflows.actionlet.SocialActionlet';
const CREDENTIALS = {
  consumerKey: 'ck-public',
  consumerSecret: 'cs-very-secret',
  accessToken: 'at-public',
  accessTokenSecret: 'ats-very-secret',
};

/** Plays X's API v2: checks the OAuth 1.0a signature of each POST /2/tweets, then keeps the text. */
async function fakeX(t: Test) {
  const posted: Array<{ text: string; userAgent: string | undefined }> = [];
  const state = { failuresLeft: 0, badSignatures: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const header = req.headers.authorization ?? '';
      const oauth = Object.fromEntries(
        [...header.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, decodeURIComponent(v!)]),
      );
      const { oauth_signature: signature, ...signed } = oauth;
      const url = `http://${req.headers.host}${req.url}`;
      const expected = oauth1Signature({ method: req.method!, url, params: signed }, CREDENTIALS);
      if (req.url !== '/2/tweets' || signature !== expected || oauth.oauth_token !== CREDENTIALS.accessToken) {
        state.badSignatures++;
        return void res.writeHead(401).end();
      }
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        return void res.writeHead(503).end();
      }
      posted.push({ text: JSON.parse(body).text, userAgent: req.headers['user-agent'] });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: '1' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posted, state };
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(
    `Social Status Update posts the title, signed, through a durable job after the commit; no secret in the job, on ${storage}`,
    async (t) => {
      const peer = await fakeX(t);
      const s = await startTestApp(t, {
        storage,
        env: {
          CMS_SOCIAL_API_BASE_URL: peer.base,
          CMS_JOBS_POLL_MS: '20',
          CMS_JOBS_BACKOFF_BASE_MS: '10',
          CMS_JOBS_BACKOFF_MAX_MS: '40',
        },
      });
      if (!s) return;
      const admin = s.basicAuth();
      await textContentType(s, 'News', ['title', 'summary']);
      const added = await s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
        headers: admin,
        body: { actionletClass: SOCIAL, parameters: CREDENTIALS },
      });
      t.equal(added.status, 200, added.text);
      const listed = await s.http('GET', `/api/v1/workflow/actions/${SAVE}/actionlets`, { headers: admin });
      const association = (listed.json.entity as any[]).find((a) => a.clazz === SOCIAL);
      t.strictSame(
        association.parameters,
        { ...CREDENTIALS, consumerSecret: '********', accessTokenSecret: '********' },
        'the secrets are answered masked',
      );
      const stored = await s.app.services.storage.workflows.findActionlet(association.id);
      t.match(stored!.parameters.consumerSecret, /^sealed:v1\./, 'and stored sealed');
      t.match(stored!.parameters.accessTokenSecret, /^sealed:v1\./);
      t.notOk(JSON.stringify(stored).includes('very-secret'), 'no secret stored in clear');
      const sentBack = await s.http('POST', `/api/v1/workflow/actions/${SAVE}/actionlets`, {
        headers: admin,
        body: { actionletClass: SOCIAL, parameters: association.parameters },
      });
      t.equal(sentBack.status, 400, 'the parameters sent back as answered: the mask is not taken for the secret');
      t.equal(sentBack.json.errors[0].errorCode, 'WORKFLOW_ACTIONLET_SECRET_MASKED');
      t.match(sentBack.json.errors[0].message, /consumerSecret is a secret/);
      t.equal(
        (
          (await s.http('GET', `/api/v1/workflow/actions/${SAVE}/actionlets`, { headers: admin })).json.entity as any[]
        ).filter((a) => a.clazz === SOCIAL).length,
        1,
        'nothing was added',
      );
      const fire = (values: Record<string, string>) =>
        s.http('PUT', `/api/v1/workflow/actions/${SAVE}/fire`, {
          headers: admin,
          body: { contentletFormData: { contentType: 'News', ...values } },
        });

      peer.state.failuresLeft = 1;
      t.equal((await fire({ title: 'Spring sale: 20% off', summary: 'x' })).status, 200);
      await until(async () => peer.posted.length === 1, 'the post');
      t.equal(peer.posted[0]!.text, 'Spring sale: 20% off');
      t.match(peer.posted[0]!.userAgent, /^cms\/\d+\.\d+\.\d+/);
      t.equal(peer.state.badSignatures, 0, 'every request was signed right');

      const jobs = (await s.http('GET', '/api/v1/jobs?per_page=50', { headers: admin })).json.entity as any[];
      const job = jobs.find((j) => j.kind === 'social-status');
      t.ok(job);
      await until(
        async () => (await s.http('GET', `/api/v1/jobs/${job.id}`, { headers: admin })).json.entity.status === 'done',
        'the job done',
      );
      const jobAnswer = JSON.stringify((await s.http('GET', `/api/v1/jobs/${job.id}`, { headers: admin })).json.entity);
      t.equal((JSON.parse(jobAnswer) as any).attempts, 2, 'the 503 was retried');
      for (const secret of Object.values(CREDENTIALS)) t.notOk(jobAnswer.includes(secret), 'no credential in the job');
      t.notOk(JSON.stringify(s.logs).includes('very-secret'), 'no secret in the log');

      const long = await fire({ title: 'x'.repeat(281) });
      t.equal(long.status, 400);
      t.equal(long.json.errors[0].errorCode, 'WORKFLOW_STATUS_TOO_LONG');
    },
  );
}
