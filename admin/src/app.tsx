import { useEffect, useRef, useState } from 'preact/hooks';
import { whenSignedOut } from './api.js';
import { Link } from './components/link.js';
import { Failure, Loading } from './components/status.js';
import { Toasts } from './components/toasts.js';
import type { CurrentUser } from './model.js';
import { match, navigate, useRoute } from './router.js';
import { SignIn } from './screens/sign-in.js';
import { UserDetails } from './screens/user-details.js';
import { UserForm } from './screens/user-form.js';
import { UsersList } from './screens/users-list.js';
import { currentUser, signOut } from './session.js';

import { useRequest } from './use-request.js';

// The dashboard brings the chart library: loaded only when opened, so the first screen stays small.
function LazyDashboard() {
  const [module, retry] = useRequest(() => import('./screens/dashboard.js'), []);
  if (module.state === 'loading') return <Loading what="the dashboard" />;
  if (module.state === 'failed') return <Failure error={module.error} retry={retry} />;
  const { Dashboard } = module.value;
  return <Dashboard />;
}

type Session =
  { state: 'checking' } | { state: 'failed'; error: unknown } | { state: 'ready'; user: CurrentUser | null };

export function App() {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const check = () => {
    setSession({ state: 'checking' });
    currentUser().then(
      (user) => setSession({ state: 'ready', user }),
      (error: unknown) => setSession({ state: 'failed', error }),
    );
  };
  useEffect(() => {
    whenSignedOut(() => setSession({ state: 'ready', user: null }));
    check();
  }, []);

  if (session.state === 'checking') return <Loading />;
  if (session.state === 'failed') return <Failure error={session.error} retry={check} />;
  if (session.user === null) return <SignIn onSignedIn={check} />;
  return <Shell user={session.user} onSignedOut={() => setSession({ state: 'ready', user: null })} />;
}

function Shell(props: { user: CurrentUser; onSignedOut: () => void }) {
  const { user } = props;
  const { path } = useRoute();
  const main = useRef<HTMLElement>(null);
  const [leaving, setLeaving] = useState<unknown>(null);
  // After a move between screens, keyboard and screen-reader users start at the new screen's heading.
  useEffect(() => {
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path]);

  const end = () => {
    setLeaving(null);
    signOut().then(props.onSignedOut, (error: unknown) => setLeaving(error));
  };

  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <span class="brand">Back office</span>
        <nav aria-label="Main">
          <Link
            to={user.admin ? '/users' : `/users/${encodeURIComponent(user.userId)}`}
            current={path.startsWith('/users')}
          >
            {user.admin ? 'Users' : 'My account'}
          </Link>
          <Link to="/analytics" current={path === '/analytics'}>
            Analytics
          </Link>
        </nav>
        <span class="who" title={user.email}>
          {`${user.givenName} ${user.surname}`.trim() || user.email}
        </span>
        <button type="button" class="secondary" onClick={end}>
          Sign out
        </button>
      </header>
      {leaving !== null && <Failure error={leaving} />}
      <main id="main" ref={main}>
        <Screen path={path} user={user} />
      </main>
      <Toasts />
    </>
  );
}

function Screen(props: { path: string; user: CurrentUser }) {
  const { path, user } = props;
  const home = user.admin ? '/users' : `/users/${encodeURIComponent(user.userId)}`;
  useEffect(() => {
    if (path === '/' || (path === '/users' && !user.admin)) navigate(home, true);
  }, [path]);
  if (path === '/' || (path === '/users' && !user.admin)) return null;
  if (path === '/analytics') return <LazyDashboard />;
  if (path === '/users') return <UsersList />;
  if (path === '/users/new' && user.admin) return <UserForm />;
  const edit = match('/users/:id/edit', path);
  if (edit && user.admin) return <UserForm userId={edit.id} selfId={user.userId} />;
  const keys = match('/users/:id/keys', path);
  const details = keys ?? match('/users/:id', path);
  if (details && (user.admin || details.id === user.userId))
    return <UserDetails userId={details.id!} tab={keys ? 'keys' : 'profile'} me={user} />;
  return (
    <>
      <h1 tabIndex={-1}>Not found</h1>
      <p>
        There is no such screen. <Link to={home}>Go back</Link>.
      </p>
    </>
  );
}
