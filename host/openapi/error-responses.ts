import { STATUS_CODES } from 'node:http';
import { ERROR_AREAS, type ErrorEntry } from '../../core/errors/index.js';
import { STATUS_OF_KIND } from '../http/error-mapper.js';

export const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
export const ENVELOPE_REF = '#/components/schemas/Envelope';

/** The name of the shared response of an error status (`Error404`). */
export function errorResponseName(status: number): string {
  return `Error${status}`;
}

/** Headers the error mapper adds at some statuses. */
const HEADERS_OF_STATUS: Readonly<Record<number, Record<string, unknown>>> = {
  401: {
    'WWW-Authenticate': { description: 'Only when the request sent Basic credentials', schema: { type: 'string' } },
  },
  405: { Allow: { description: 'The methods the path takes', schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  503: { 'Retry-After': { description: 'Seconds to wait, when known', schema: { type: 'integer' } } },
};

/** The catalogue's codes answered with each status, through the mapper's kind → status table. */
export function codesByStatus(): Map<number, string[]> {
  const byStatus = new Map<number, string[]>();
  for (const area of ERROR_AREAS)
    for (const entry of Object.values(area) as ErrorEntry[]) {
      const status = STATUS_OF_KIND[entry.kind];
      byStatus.set(status, [...(byStatus.get(status) ?? []), entry.code]);
    }
  return byStatus;
}

/**
 * One shared response per error status, each in the error envelope, listing the catalogue codes
 * that status answers (`x-error-codes`, and in the description for readers). Which of them a given
 * route answers is not declared per route; its `answers` say what the status means there.
 */
export function errorResponses(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const byStatus = codesByStatus();
  for (const status of [...new Set(Object.values(STATUS_OF_KIND))].sort((a, b) => a - b)) {
    const codes = (byStatus.get(status) ?? []).sort();
    out[errorResponseName(status)] = {
      description: `${STATUS_CODES[status] ?? 'Error'}. Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
      ...(HEADERS_OF_STATUS[status] ? { headers: HEADERS_OF_STATUS[status] } : {}),
      content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } },
      'x-error-codes': codes,
    };
  }
  return out;
}
