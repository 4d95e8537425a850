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
  };
}

const request: AuthRequest = { headers: {}, cookies: {}, ip: '192.0.2.9', secure: false };

t.test('a scheme that leaves the sign-in context out is counted under the request address', async (t) => {
  const services = recordingServices();
  const olderScheme: AuthScheme = { name: 'older', authenticate: (_req, auth) => auth.verifyPassword('a', 'b') };
  t.equal(await new Authenticator([olderScheme], services).authenticate(request), principal);
  t.same(services.contexts, [{ ip: '192.0.2.9' }]);
});

t.test('a context a scheme passes is kept', async (t) => {
  const services = recordingServices();
  const scheme: AuthScheme = {
    name: 'explicit',
    authenticate: (_req, auth) => auth.verifyPassword('a', 'b', { ip: '198.51.100.1' }),
  };
  await new Authenticator([scheme], services).authenticate(request);
  t.same(services.contexts, [{ ip: '198.51.100.1' }]);
});
