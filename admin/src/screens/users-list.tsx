import { useEffect, useState } from 'preact/hooks';
import { api, type Envelope } from '../api.js';
import { Link } from '../components/link.js';
import { Empty, Failure, Loading } from '../components/status.js';
import type { User } from '../model.js';
import { useRequest } from '../use-request.js';

const PER_PAGE = 20;
/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250;

export function UsersList() {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    document.title = 'Users · Back office';
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const [listed, reload] = useRequest(
    (signal) =>
      api<Envelope<User[]>>(
        'GET',
        `/api/v1/users?${new URLSearchParams({ filter, page: String(page), per_page: String(PER_PAGE) })}`,
        undefined,
        { signal },
      ),
    [filter, page],
  );

  const total = listed.state === 'done' ? (listed.value.pagination?.totalEntries ?? 0) : 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <section aria-labelledby="users-title">
      <div class="title-row">
        <h1 id="users-title" tabIndex={-1}>
          Users
        </h1>
        <Link to="/users/new" class="button">
          New user
        </Link>
      </div>
      <div class="search" role="search">
        <label for="user-search">Search by name or e-mail</label>
        <input id="user-search" type="search" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      </div>
      {listed.state === 'loading' && <Loading what="users" />}
      {listed.state === 'failed' && <Failure error={listed.error} retry={reload} />}
      {listed.state === 'done' &&
        (listed.value.entity.length === 0 ? (
          <Empty>{filter ? `No user matches “${filter}”.` : 'There are no users yet.'}</Empty>
        ) : (
          <>
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">
                  Users, page {page} of {pages}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Roles</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {listed.value.entity.map((user) => (
                    <tr key={user.userId}>
                      <td>
                        <Link to={`/users/${encodeURIComponent(user.userId)}`}>{user.fullName || user.email}</Link>
                      </td>
                      <td>{user.email}</td>
                      <td>{user.roles.length}</td>
                      <td>
                        <span class={`badge ${user.active ? 'active' : 'inactive'}`}>
                          {user.active ? 'Active' : 'Inactive'}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav class="pager" aria-label="Pages of users">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span aria-live="polite">
                Page {page} of {pages} ({total} users)
              </span>
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          </>
        ))}
    </section>
  );
}
