/**
 * Calls to the service's REST interface, from the same origin with the session cookie. Every call
 * sends `X-Requested-With`: a cross-site form cannot set a header, and a cross-site script that
 * tries makes the browser ask first (a preflight the service refuses), so the service's Origin
 * check is backed by a request no forged form can make.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The field a validation error is about, when the service names one. */
    readonly field: string | undefined,
    /** Seconds to wait, from `Retry-After` (sign-in throttling, overload). */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }
}

interface ErrorBody {
  message?: string;
  errors?: Array<{ message?: string; fieldName?: string | null }>;
}

/** What the user reads when the service says nothing more useful. */
const BY_STATUS: Record<number, string> = {
  401: 'Your session has ended: sign in again.',
  403: 'You may not do this.',
  404: 'Not found.',
  429: 'Too many attempts.',
  503: 'The service is busy: try again in a moment.',
};

/** Called when any call answers 401: the app goes back to the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal; quiet401?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'cms-back-office',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The service cannot be reached: check the connection and try again.', undefined, undefined);
  }
  const text = await response.text();
  const parsed = parse(text);
  if (!response.ok) {
    if (response.status === 401 && !options.quiet401) onSignedOut();
    const first = (parsed as ErrorBody | undefined)?.errors?.[0];
    const retry = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      response.status,
      first?.message ||
        (parsed as ErrorBody | undefined)?.message ||
        BY_STATUS[response.status] ||
        `Error ${response.status}`,
      first?.fieldName ?? undefined,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  return parsed as T;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The envelope most endpoints answer in. */
export interface Envelope<T> {
  entity: T;
  pagination?: { currentPage: number; perPage: number; totalEntries: number };
}
