import { PLUGIN_API_VERSION, definePlugin, type PropertySpec } from '../../core/plugin/plugin.js';
import { DEFAULT_OUTBOX_DIR, OUTBOX_DIR_PROPERTY, outboxTransport } from './outbox.js';
import { STARTTLS_MODES, smtpTransport } from './smtp.js';

// Checked at start-up, before any mail is sent. The host quotes a refused value in its message, so
// the password property has no check: its value must never reach a message or a log.
const integer = (min: number, max: number) => (v: string) =>
  /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? undefined : `must be an integer from ${min} to ${max}`;
const boolean = (v: string) =>
  ['true', 'false', 'yes', 'no', 'on', 'off', '1', '0'].includes(v.toLowerCase()) ? undefined : 'must be true or false';
const oneOf = (allowed: readonly string[]) => (v: string) =>
  allowed.includes(v.toLowerCase()) ? undefined : `must be one of ${allowed.join(', ')}`;

const properties: Record<string, PropertySpec> = {
  'mail.transport': {
    description: 'How mail is sent: outbox (files in the data directory) or smtp',
    default: 'outbox',
  },
  'mail.from': {
    description: 'Sender address of mail the service sends when no other is given',
    default: 'cms@localhost',
  },
  [OUTBOX_DIR_PROPERTY]: {
    description: "Directory of the outbox transport's .eml files, relative to the data directory",
    default: DEFAULT_OUTBOX_DIR,
  },
  'mail.smtp.host': { description: 'SMTP server host name', default: 'localhost' },
  'mail.smtp.port': { description: 'SMTP server port', default: '25', validate: integer(1, 65535) },
  'mail.smtp.secure': {
    description: 'Connect with implicit TLS (SMTPS, usually port 465)',
    default: 'false',
    validate: boolean,
  },
  'mail.smtp.starttls': {
    description: 'STARTTLS: required, opportunistic (when offered) or off',
    default: 'opportunistic',
    validate: oneOf(STARTTLS_MODES),
  },
  'mail.smtp.user': { description: 'SMTP user name; authentication is used only when it is set' },
  'mail.smtp.password': { description: 'SMTP password (never logged)' },
  'mail.smtp.reject.unauthorized': {
    description: 'Refuse servers whose TLS certificate does not verify',
    default: 'true',
    validate: boolean,
  },
  'mail.smtp.timeout.ms': {
    description: 'Milliseconds to wait for connecting, the greeting and each reply',
    default: '10000',
    validate: integer(1, 600_000),
  },
};

/** The built-in mail transports. Which one sends is `mail.transport`. */
export default definePlugin({
  name: 'mail-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Mail to .eml files in the outbox, or through an SMTP server',
  properties,
  setup: () => ({ mailTransports: [outboxTransport, smtpTransport] }),
});
