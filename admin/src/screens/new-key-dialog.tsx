import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { isCidr } from '../cidr.js';
import { Field } from '../components/field.js';
import { Modal } from '../components/modal.js';

const DAY_MS = 86_400_000;
/** A new key lasts a month unless the user picks another date. */
const DEFAULT_DAYS = 30;

/** `YYYY-MM-DD` of a local date, as a date input reads and writes it. */
function isoDay(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The key expires at the end of the chosen day, local time. */
function endOfDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + 1).getTime();
}

/** Asks for Label, Expires Date and Allow Network, creates the key, and hands back the key itself. */
export function NewKeyDialog(props: { userId: string; onCreated: (jwt: string) => void; onClose: () => void }) {
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState(() => isoDay(Date.now() + DEFAULT_DAYS * DAY_MS));
  const [network, setNetwork] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const networkError =
    network.trim() !== '' && !isCidr(network) ? 'Enter a CIDR range such as 192.168.0.0/24 or 2001:db8::/32.' : null;
  const expiresIn = Math.round((endOfDay(expires) - Date.now()) / 1000);
  const expiresError = !expires ? 'Choose a date.' : expiresIn < 1 ? 'Choose a date after today.' : null;
  const serverField = (name: string) => (error instanceof ApiError && error.field === name ? error.message : null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (networkError || expiresError) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api<{ entity: { jwt: string } }>('POST', '/api/v1/apitoken', {
        userId: props.userId,
        expirationSeconds: expiresIn,
        ...(network.trim() ? { network: network.trim() } : {}),
        ...(label.trim() ? { claims: { label: label.trim() } } : {}),
      });
      props.onCreated(created.entity.jwt);
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
      setBusy(false);
    }
  };

  const general = error && !(error instanceof ApiError && error.field) ? error.message : null;
  return (
    <Modal id="new-key" title="Create an API access key" onClose={props.onClose}>
      <form onSubmit={submit} noValidate>
        <Field
          id="key-label"
          label="Label"
          hint="What the key is for, e.g. the build server."
          error={serverField('label')}
        >
          {(a) => <input {...a} value={label} maxLength={255} onInput={(e) => setLabel(e.currentTarget.value)} />}
        </Field>
        <Field id="key-expires" label="Expires Date" error={expiresError ?? serverField('expirationSeconds')}>
          {(a) => (
            <input
              {...a}
              type="date"
              required
              min={isoDay(Date.now())}
              value={expires}
              onInput={(e) => setExpires(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id="key-network"
          label="Allow Network"
          hint="Optional: only calls from this CIDR range are accepted."
          error={networkError ?? serverField('network')}
        >
          {(a) => (
            <input
              {...a}
              value={network}
              inputMode="text"
              spellcheck={false}
              autocomplete="off"
              placeholder="0.0.0.0/0"
              onInput={(e) => setNetwork(e.currentTarget.value)}
            />
          )}
        </Field>
        {general && (
          <p class="error" role="alert">
            {general}
          </p>
        )}
        <div class="actions">
          <button type="submit" disabled={busy || networkError !== null || expiresError !== null}>
            {busy ? 'Creating…' : 'Create key'}
          </button>
          <button type="button" class="secondary" onClick={props.onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The key, shown once: the service keeps only its hash. */
export function CreatedKeyDialog(props: { jwt: string; onClose: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.jwt);
      setCopied('yes');
    } catch {
      // Clipboard access may be refused (an insecure origin, a permission): the text stays selectable.
      setCopied('failed');
    }
  };
  return (
    <Modal id="created-key" title="Your new API access key" onClose={props.onClose}>
      <p class="warning" role="alert">
        Copy this key now. It will not be shown again: the service keeps no copy it could show you.
      </p>
      <label for="created-key-value">Key</label>
      <textarea
        id="created-key-value"
        readOnly
        rows={4}
        spellcheck={false}
        value={props.jwt}
        onFocus={(e) => e.currentTarget.select()}
      />
      <p aria-live="polite" class="hint">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying failed: select the key and copy it.'
            : ''}
      </p>
      <div class="actions">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button type="button" class="secondary" onClick={props.onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
