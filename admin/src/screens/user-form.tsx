import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Envelope } from '../api.js';
import { Field } from '../components/field.js';
import { Link } from '../components/link.js';
import { Failure, Loading } from '../components/status.js';
import type { Role, User } from '../model.js';
import { navigate } from '../router.js';
import { useRequest } from '../use-request.js';

interface Draft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  roles: string[];
  active: boolean;
}

const BLANK: Draft = { firstName: '', lastName: '', email: '', password: '', roles: [], active: true };

/** Creates a user, or edits one (`userId`): administrators only. */
export function UserForm(props: { userId?: string; selfId?: string }) {
  const editing = props.userId !== undefined;
  const [loaded, reload] = useRequest(
    async (signal) => {
      const [roles, user] = await Promise.all([
        // Every shared role, at any depth of the role tree (the root list holds only the top).
        api<Envelope<Role[]>>('GET', '/api/v1/roles/_search?includeUserRoles=false&count=500', undefined, { signal }),
        editing
          ? api<Envelope<User>>('GET', `/api/v1/users/${encodeURIComponent(props.userId!)}`, undefined, { signal })
          : undefined,
      ]);
      return { roles: roles.entity, user: user?.entity };
    },
    [props.userId],
  );
  useEffect(() => {
    document.title = `${editing ? 'Edit user' : 'New user'} · Back office`;
  }, [editing]);

  if (loaded.state === 'loading') return <Loading what="the user" />;
  if (loaded.state === 'failed') return <Failure error={loaded.error} retry={reload} />;
  const { user, roles } = loaded.value;
  const draft: Draft = user
    ? {
        ...BLANK,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        roles: user.roles,
        active: user.active,
      }
    : BLANK;
  return <Form userId={props.userId} initial={draft} roles={roles} self={props.userId === props.selfId} />;
}

/** Fields shown with their own error; an error about any other is shown for the whole form. */
const FIELDS = new Set(['firstName', 'lastName', 'email', 'password', 'roles']);

function Form(props: { userId: string | undefined; initial: Draft; roles: Role[]; self: boolean }) {
  const editing = props.userId !== undefined;
  const [draft, setDraft] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const fieldError = (name: string) => (error instanceof ApiError && error.field === name ? error.message : null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { password, active, ...rest } = draft;
    try {
      const saved = editing
        ? await api<Envelope<User>>('PUT', `/api/v1/users/${encodeURIComponent(props.userId!)}`, {
            ...rest,
            active,
            ...(password ? { password } : {}),
          })
        : await api<Envelope<User>>('POST', '/api/v1/users', { ...rest, password });
      navigate(`/users/${encodeURIComponent(saved.entity.userId)}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
      setBusy(false);
    }
  };

  const general =
    error && !(error instanceof ApiError && error.field && FIELDS.has(error.field)) ? error.message : null;
  return (
    <section aria-labelledby="user-form-title">
      <h1 id="user-form-title" tabIndex={-1}>
        {editing ? `Edit ${props.initial.email}` : 'New user'}
      </h1>
      <form onSubmit={submit} class="form" noValidate>
        <div class="row">
          <Field id="user-first-name" label="First name" error={fieldError('firstName')}>
            {(a) => (
              <input
                {...a}
                value={draft.firstName}
                maxLength={100}
                onInput={(e) => set('firstName', e.currentTarget.value)}
              />
            )}
          </Field>
          <Field id="user-last-name" label="Last name" error={fieldError('lastName')}>
            {(a) => (
              <input
                {...a}
                value={draft.lastName}
                maxLength={100}
                onInput={(e) => set('lastName', e.currentTarget.value)}
              />
            )}
          </Field>
        </div>
        <Field id="user-email" label="E-mail" error={fieldError('email')}>
          {(a) => (
            <input
              {...a}
              type="email"
              required
              autocomplete="off"
              value={draft.email}
              onInput={(e) => set('email', e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id="user-password"
          label={editing ? 'New password' : 'Password'}
          hint={
            editing ? 'Leave empty to keep the current password.' : 'At least 12 characters; not a common password.'
          }
          error={fieldError('password')}
        >
          {(a) => (
            <input
              {...a}
              type="password"
              autocomplete="new-password"
              required={!editing}
              value={draft.password}
              onInput={(e) => set('password', e.currentTarget.value)}
            />
          )}
        </Field>
        <fieldset aria-describedby={fieldError('roles') ? 'user-roles-error' : undefined}>
          <legend>Roles</legend>
          {props.roles.length === 0 && <p class="hint">No roles are defined.</p>}
          {props.roles.map((role) => (
            <label class="check" key={role.id}>
              <input
                type="checkbox"
                checked={draft.roles.includes(role.id)}
                onChange={(e) =>
                  set(
                    'roles',
                    e.currentTarget.checked ? [...draft.roles, role.id] : draft.roles.filter((r) => r !== role.id),
                  )
                }
              />
              {role.name}
            </label>
          ))}
          {fieldError('roles') && (
            <p id="user-roles-error" class="error">
              {fieldError('roles')}
            </p>
          )}
        </fieldset>
        {editing && (
          <label class="check">
            <input
              type="checkbox"
              checked={draft.active}
              // The service refuses it too: an administrator who locked themselves out could not undo it.
              disabled={props.self}
              onChange={(e) => set('active', e.currentTarget.checked)}
            />
            {props.self
              ? 'Active (you cannot deactivate your own account)'
              : 'Active (an inactive user can neither sign in nor call the service with a key)'}
          </label>
        )}
        {general && (
          <p class="error" role="alert">
            {general}
          </p>
        )}
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Create user'}
          </button>
          <Link to={editing ? `/users/${encodeURIComponent(props.userId!)}` : '/users'} class="button secondary">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
