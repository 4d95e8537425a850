import type { MailMessage } from '../../core/plugin/kit.js';

/** The message as nodemailer takes it: attachments (already read by the service) as base64 content. */
export function nodemailerMessage(message: MailMessage) {
  const { attachments, ...rest } = message;
  if (!attachments?.length) return rest;
  return {
    ...rest,
    attachments: attachments.flatMap(({ fileName, contentType, source }) =>
      'content' in source ? [{ filename: fileName, contentType, content: source.content, encoding: 'base64' }] : [],
    ),
  };
}
