import { defineProperties } from '../../core/plugin/kit.js';

export const STARTTLS_MODES = ['required', 'opportunistic', 'off'] as const;
export type StartTlsMode = (typeof STARTTLS_MODES)[number];

/** The mail transports' properties. Which transport sends (`mail.transport`) is the host's. */
export const MAIL_PROPERTIES = defineProperties({
  'mail.outbox.dir': {
    default: 'outbox',
    group: 'Mail',
    description: 'Folder of the outbox, relative to the data directory.',
  },
  'mail.smtp.host': { default: 'localhost', group: 'Mail', description: 'SMTP server.' },
  'mail.smtp.port': { type: 'int', default: 25, min: 1, max: 65535, group: 'Mail', description: 'SMTP port.' },
  'mail.smtp.secure': { type: 'bool', default: false, group: 'Mail', description: 'Implicit TLS (usually port 465).' },
  'mail.smtp.starttls': {
    type: 'oneOf',
    values: STARTTLS_MODES,
    default: 'opportunistic',
    group: 'Mail',
    description: '`required`, `opportunistic` (use STARTTLS when offered; a failed upgrade fails the send) or `off`.',
  },
  'mail.smtp.user': {
    group: 'Mail',
    description: 'SMTP user name; authentication is used only when it is set.',
  },
  'mail.smtp.password': { group: 'Mail', secret: true, description: 'SMTP password. It is never logged or quoted.' },
  'mail.smtp.reject.unauthorized': {
    type: 'bool',
    default: true,
    group: 'Mail',
    description: 'Refuse servers whose certificate cannot be verified.',
  },
  'mail.smtp.timeout.ms': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 600_000,
    group: 'Mail',
    description: 'Connection, greeting and reply timeout.',
  },
});
