import { mimeTypeOf } from '../core/content/mime-type.js';
import type { Logger } from '../core/logger.js';
import type { AssetStorage } from '../core/plugin/asset-storage.js';
import type { MailAttachment, MailMessage } from '../core/plugin/mail-transport.js';
import { assetKeyOf } from '../core/model/stored-asset.js';

/** Reads a stored file whole, unless it is larger than `limit` bytes (then undefined, without reading it). */
async function readAsset(assets: AssetStorage, assetPath: string, limit: number): Promise<Buffer | undefined> {
  const opened = await assets.open(assetKeyOf(assetPath));
  if (!opened) throw new Error('the stored file is missing');
  if (opened.size > limit) {
    opened.stream.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The message with every attachment's bytes in it, as a transport's sender takes it. An attachment
 * that cannot be read, or that would take the message over `maxBytes`, is left out with a warning:
 * the message itself still goes.
 */
export async function withAttachmentContent(
  message: MailMessage,
  { assets, maxBytes, logger }: { assets: AssetStorage; maxBytes: number; logger: Logger },
): Promise<MailMessage> {
  if (!message.attachments?.length) return message;
  const attachments: MailAttachment[] = [];
  let total = 0;
  for (const attachment of message.attachments) {
    const contentType = attachment.contentType ?? mimeTypeOf(attachment.fileName);
    const { source } = attachment;
    try {
      const bytes =
        'content' in source
          ? Buffer.from(source.content, 'base64')
          : await readAsset(assets, source.assetPath, maxBytes - total);
      if (!bytes || total + bytes.length > maxBytes) {
        logger.warn(
          { fileName: attachment.fileName, maxBytes },
          'Attachment left out: over mail.attachments.max.bytes',
        );
        continue;
      }
      total += bytes.length;
      attachments.push({ fileName: attachment.fileName, contentType, source: { content: bytes.toString('base64') } });
    } catch (error) {
      logger.warn({ fileName: attachment.fileName, err: error }, 'Attachment left out: it could not be read');
    }
  }
  return { ...message, attachments };
}
