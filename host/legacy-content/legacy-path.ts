import type { LegacyOperation } from '../../core/legacy-save/legacy-action.js';
import { CmsError, Errors } from '../../core/errors/index.js';

/** What the path of a legacy save says beyond `/api/content`. */
export interface LegacyPath {
  operation: LegacyOperation;
  /** `/wfActionComments/{comment}` */
  comment?: string;
  /** `/wfActionAssign/{userOrRoleId}` */
  assign?: string;
  /** `/type/json`: the original's path form of `?type=json`. */
  answerType?: string;
}

/**
 * Option pairs that never name the operation. `user` and `password` are the original's credentials
 * in the path: they are skipped and never read (credentials belong in headers, not in logged URLs).
 */
const OPTION_KEYS = new Set([
  'wfactioncomments',
  'wfactionassign',
  'wfactionid',
  'type',
  'callback',
  'user',
  'password',
]);

/**
 * `/Publish/1/wfActionComments/Looks%20good/wfActionAssign/<id>` as the original reads it: pairs of
 * segments (name, value), names in any case, a pair kept only when its value is not empty. Each
 * segment is percent-decoded after the split, so an encoded `/` stays inside its segment. The
 * operation is the first pair that is not an option: `save`, `publish`, or an action's name or id.
 */
export function parseLegacyPath(tail: string): LegacyPath {
  const segments = tail
    .split('/')
    .filter((segment, index, all) => segment !== '' || (index > 0 && index < all.length - 1));
  const pairs = new Map<string, string>();
  let operation: LegacyOperation | undefined;
  for (let i = 0; i + 1 < segments.length; i += 2) {
    const name = decodeSegment(segments[i]!);
    const value = decodeSegment(segments[i + 1]!);
    if (value === '') continue;
    const key = name.toLowerCase();
    if (OPTION_KEYS.has(key)) pairs.set(key, value);
    else operation ??= operationNamed(name);
  }
  const byId = pairs.get('wfactionid');
  if (byId) operation = { kind: 'action', name: byId };
  if (!operation) throw new CmsError(Errors.LEGACY_OPERATION_MISSING);
  return {
    operation,
    comment: pairs.get('wfactioncomments'),
    assign: pairs.get('wfactionassign'),
    answerType: pairs.get('type'),
  };
}

function operationNamed(name: string): LegacyOperation {
  const key = name.toLowerCase();
  if (key === 'save') return { kind: 'save' };
  if (key === 'publish') return { kind: 'publish' };
  return { kind: 'action', name };
}

/** A malformed escape is kept as sent: it then names no action, which is answered as such. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
