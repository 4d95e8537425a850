import { useEffect } from 'preact/hooks';
import { api, type Envelope } from '../api.js';
import { Link } from '../components/link.js';
import { Failure, Loading } from '../components/status.js';
import { Tabs } from '../components/tabs.js';
import type { CurrentUser, User } from '../model.js';
import { navigate } from '../router.js';
import { useRequest } from '../use-request.js';
import { ApiKeys } from './api-keys.js';
import { formatDate } from '../format.js';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'keys', label: 'API Access Keys' },
] as const;

/**
 * One user, with tabs. Administrators read any user; everyone else reads only themselves, from
 * what the service says about the signed-in user (the user endpoints are for administrators).
 */
export function UserDetails(props: { userId: string; tab: 'profile' | 'keys'; me: CurrentUser }) {
  const self = props.userId === props.me.userId;
  const [loaded, reload] = useRequest(
    async (signal): Promise<Pick<User, 'userId' | 'email' | 'firstName' | 'lastName' | 'active'> & Partial<User>> =>
      props.me.admin
        ? (await api<Envelope<User>>('GET', `/api/v1/users/${encodeURIComponent(props.userId)}`, undefined, { signal }))
            .entity
        : {
            userId: props.me.userId,
            email: props.me.email,
            firstName: props.me.givenName,
            lastName: props.me.surname,
            active: true,
          },
    [props.userId],
  );
  const name =
    loaded.state === 'done' ? `${loaded.value.firstName} ${loaded.value.lastName}`.trim() || loaded.value.email : '';
  useEffect(() => {
    document.title = `${name || 'User'} · Back office`;
  }, [name]);

  if (loaded.state === 'loading') return <Loading what="the user" />;
  if (loaded.state === 'failed') return <Failure error={loaded.error} retry={reload} />;
  const user = loaded.value;
  const base = `/users/${encodeURIComponent(user.userId)}`;
  return (
    <section aria-labelledby="user-title">
      {props.me.admin && (
        <p class="crumbs">
          <Link to="/users">Users</Link> ›
        </p>
      )}
      <div class="title-row">
        <h1 id="user-title" tabIndex={-1}>
          {name}
          {self && <span class="badge">you</span>}
        </h1>
        {props.me.admin && (
          <Link to={`${base}/edit`} class="button secondary">
            Edit
          </Link>
        )}
      </div>
      <Tabs
        label="User details"
        tabs={TABS}
        selected={props.tab}
        onSelect={(id) => navigate(id === 'keys' ? `${base}/keys` : base, true)}
      >
        {props.tab === 'profile' ? (
          <dl class="facts">
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Status</dt>
            <dd>{user.active ? 'Active' : 'Inactive'}</dd>
            {user.roles && (
              <>
                <dt>Roles granted</dt>
                <dd>{user.roles.length}</dd>
              </>
            )}
            {user.createDate !== undefined && (
              <>
                <dt>Created</dt>
                <dd>{formatDate(user.createDate)}</dd>
              </>
            )}
            <dt>User id</dt>
            <dd>
              <code>{user.userId}</code>
            </dd>
          </dl>
        ) : (
          <ApiKeys userId={user.userId} />
        )}
      </Tabs>
    </section>
  );
}
