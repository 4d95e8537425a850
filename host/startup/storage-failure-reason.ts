import { StartupError } from '../../core/errors/index.js';

/**
 * Runs a start-up step of the storage (open, migrate: the first time the database is reached). A
 * database that cannot be used stops start-up with the driver's own reason on one line (`connect
 * ECONNREFUSED 127.0.0.1:3399`, `Access denied for user 'cms'@...`, `Unknown database 'cms'`);
 * the error with its stack goes to the debug log (see `buildApp`).
 */
export async function explainingStorageFailure<T>(
  storage: { driver: string; target?: string | undefined },
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof StartupError) throw error;
    const target = storage.target ? ` (${storage.target})` : '';
    throw new StartupError(`Storage ${storage.driver}${target} cannot be used: ${rootReason(error)}`, {
      cause: error,
    });
  }
}

/**
 * The reason at the bottom of an error's causes: drivers' errors arrive wrapped in the catalogue's
 * (`Storage operation failed`), which says nothing an installer can act on.
 */
export function rootReason(error: unknown): string {
  let reason = String(error);
  for (let e: unknown = error; e !== undefined && e !== null; e = (e as { cause?: unknown }).cause) {
    // Node answers an AggregateError, with no message, when every address of a host refused.
    const inner = e instanceof AggregateError && e.errors.length > 0 ? e.errors[0] : e;
    const { message, code } = inner as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message !== '') reason = message;
    else if (typeof code === 'string') reason = code;
  }
  return reason.split('\n')[0]!;
}
