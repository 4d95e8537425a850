import t from 'tap';
import { Authenticator } from '../../../core/auth/authenticator.js';
import type { Principal } from '../../../core/auth/principal.js';
import type { AuthRequest, AuthScheme, AuthServices, SignInContext } from '../../../core/plugin/auth-scheme.js';

const principal = { user: { userId: 'u' }, roleIds: [], admin: false } as unknown as Principal;

/** Records the context each password check was given. */
function recordingServices(): AuthServices & { contexts: Array<SignInContext | undefined> } {
  const contexts: Array<SignInContext | undefined> = [];
  return {
    contexts,
    async verifyPassword(_email, _password, context) {
      contexts.push(context);
      return principal;
    },
    async resolveSession() {
      return undefined;
    },
    async findUserById(userId) {
      return userId === 'u' ? principal : undefined;
    },
    async findUserByEmail() {
      return undefined;
    },
    async verifyApiKey() {
      return principal;
    },
    async resolveAutoLogin() {
      return undefined;
    },
  };
}

const request: AuthRequest = { headers: {}, cookies: {}, ip: '192.0.2.9', secure: false };

t.test('a scheme that leaves the sign-in context out is counted under the request address', async (t) => {
  const services = recordingServices();
  const olderScheme: AuthScheme = { name: 'older', authenticate: (_req, auth) => auth.verifyPassword('a', 'b') };
  t.equal(await new Authenticator({ schemes: [olderScheme], services }).authenticate(request), principal);
  t.same(services.contexts, [{ ip: '192.0.2.9' }]);
});

t.test('a context a scheme passes is kept', async (t) => {
  const services = recordingServices();
  const scheme: AuthScheme = {
    name: 'explicit',
    authenticate: (_req, auth) => auth.verifyPassword('a', 'b', { ip: '198.51.100.1' }),
  };
  await new Authenticator({ schemes: [scheme], services }).authenticate(request);
  t.same(services.contexts, [{ ip: '198.51.100.1' }]);
});

t.test('a scheme that proves the credential itself looks the user up through the services', async (t) => {
  const services = recordingServices();
  const token: AuthScheme = {
    name: 'token',
    async authenticate(req, auth) {
      const subject = req.headers['x-subject'];
      return subject ? ((await auth.findUserById(subject)) ?? null) : null;
    },
  };
  const authenticator = new Authenticator({ schemes: [token], services });
  t.equal(await authenticator.authenticate({ ...request, headers: { 'x-subject': 'u' } }), principal);
  t.equal(await authenticator.authenticate({ ...request, headers: { 'x-subject': 'nobody' } }), null);
  t.same(services.contexts, [], 'no password was checked');
});
