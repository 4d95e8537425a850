import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { Empty, Failure, Loading } from '../components/status.js';
import { formatDate, formatDateTime } from '../format.js';
import { keyStatus, type ApiKey } from '../model.js';
import { useRequest } from '../use-request.js';
import { CreatedKeyDialog, NewKeyDialog } from './new-key-dialog.js';

/** A user's API access keys: listed, created (shown once), revoked. */
export function ApiKeys(props: { userId: string }) {
  const [keys, reload] = useRequest(
    async (signal) =>
      (
        await api<{ entity: { tokens: ApiKey[] } }>(
          'GET',
          `/api/v1/apitoken/${encodeURIComponent(props.userId)}/tokens`,
          undefined,
          { signal },
        )
      ).entity.tokens,
    [props.userId],
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const revoke = async (key: ApiKey) => {
    const name = key.claims.label ? `“${key.claims.label}”` : 'this key';
    if (!confirm(`Revoke ${name}? Calls made with it will be refused from now on.`)) return;
    setRevoking(key.id);
    setProblem(null);
    try {
      await api('PUT', `/api/v1/apitoken/${encodeURIComponent(key.id)}/revoke`);
      reload();
    } catch (error) {
      setProblem(error);
    } finally {
      setRevoking(null);
    }
  };

  return (
    <div class="keys">
      <div class="title-row">
        <h2>API Access Keys</h2>
        <button type="button" onClick={() => setCreating(true)}>
          Create key
        </button>
      </div>
      {problem !== null && <Failure error={problem} />}
      {keys.state === 'loading' && <Loading what="keys" />}
      {keys.state === 'failed' && <Failure error={keys.error} retry={reload} />}
      {keys.state === 'done' &&
        (keys.value.length === 0 ? (
          <Empty>No keys yet. A key lets a program call the service as this user.</Empty>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Network</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.value.map((key) => {
                  const status = keyStatus(key);
                  return (
                    <tr key={key.id}>
                      <td>{key.claims.label || <span class="muted">(no label)</span>}</td>
                      <td>{formatDateTime(key.issueDate)}</td>
                      <td>{formatDate(key.expiresDate)}</td>
                      <td>{key.allowNetwork ?? <span class="muted">any</span>}</td>
                      <td>
                        <span class={`badge ${status}`}>{status}</span>
                      </td>
                      <td>
                        {status === 'active' && (
                          <button
                            type="button"
                            class="danger"
                            disabled={revoking === key.id}
                            aria-label={`Revoke ${key.claims.label || 'key issued ' + formatDateTime(key.issueDate)}`}
                            onClick={() => revoke(key)}
                          >
                            {revoking === key.id ? 'Revoking…' : 'Revoke'}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      {creating && (
        <NewKeyDialog
          userId={props.userId}
          onClose={() => setCreating(false)}
          onCreated={(jwt) => {
            setCreating(false);
            setCreated(jwt);
            reload();
          }}
        />
      )}
      {created !== null && <CreatedKeyDialog jwt={created} onClose={() => setCreated(null)} />}
    </div>
  );
}
