import { ERROR_AREAS, type ErrorEntry } from '../../core/errors/index.js';
import { STATUS_OF_KIND } from '../http/error-mapper.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** `docs/errors.md`: every error code the service can answer, written from the catalogue. */
export function renderErrorsDoc(): string {
  const lines = [
    '# Error codes',
    '',
    '<!-- Written by `npm run docs` from core/errors/catalogue; a test fails when it is stale. -->',
    '',
    'Every failed request is answered with the usual envelope, `entity: null`, a top-level `message`,',
    'and `errors: [{errorCode, message, fieldName}]`. `errorCode` is one of the codes below; codes are',
    'public API and never change meaning. `{name}` in a message stands for a value of the request.',
    'Statuses come from the kind of the error; `Retry-After` accompanies 429 and 503, `Allow` 405.',
    '',
  ];
  for (const area of ERROR_AREAS) {
    const entries = Object.values(area) as ErrorEntry[];
    lines.push(`## ${entries[0]?.area ?? ''}`, '', '| Code | Status | Message | Meaning |', '|---|---|---|---|');
    for (const entry of entries) {
      const message = entry.message.replace(/`/g, "'");
      lines.push(`| \`${entry.code}\` | ${STATUS_OF_KIND[entry.kind]} | ${cell(message)} | ${cell(entry.meaning)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
