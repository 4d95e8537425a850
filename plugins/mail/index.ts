import { PLUGIN_API_VERSION, definePlugin } from '../../core/plugin/kit.js';
import { outboxTransport } from './outbox.js';
import { MAIL_PROPERTIES } from './properties.js';
import { smtpTransport } from './smtp.js';

/** The built-in mail transports. Which one sends is `mail.transport`. */
export default definePlugin({
  name: 'mail-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Mail to .eml files in the outbox, or through an SMTP server',
  properties: MAIL_PROPERTIES,
  setup: () => ({ mailTransports: [outboxTransport, smtpTransport] }),
});
