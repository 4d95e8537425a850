import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { signIn } from '../session.js';

/** What a failed sign-in tells the user: never which of e-mail or password was wrong. */
function explain(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Signing in failed: try again.';
  if (error.status === 401) return 'Wrong e-mail or password.';
  if (error.status === 429)
    return error.retryAfterSeconds
      ? `Too many failed attempts. Try again in ${wait(error.retryAfterSeconds)}.`
      : 'Too many failed attempts. Try again later.';
  if (error.status === 403) return 'Signing in with a password is turned off on this service.';
  return error.message;
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export function SignIn(props: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    document.title = 'Sign in · Back office';
    first.current?.focus();
  }, []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password, remember);
      props.onSignedIn();
    } catch (failure) {
      setError(explain(failure));
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined} noValidate>
        <h1>Sign in</h1>
        <label for="sign-in-email">E-mail</label>
        <input
          id="sign-in-email"
          ref={first}
          type="email"
          name="email"
          autocomplete="username"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        <label for="sign-in-password">Password</label>
        <input
          id="sign-in-password"
          type="password"
          name="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        <label class="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          Remember me on this device
        </label>
        {error && (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy || email.trim() === '' || password === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
