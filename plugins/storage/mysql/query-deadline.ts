import type { Socket } from 'node:net';
import type { FieldPacket, Pool, PoolConnection, QueryOptions, QueryResult } from 'mysql2/promise';

/**
 * A statement that got no answer within `storage.mysql.query.timeout.ms`. `outcomeUnknown` is set
 * when the statement may have changed data all the same: a COMMIT, or a write outside a transaction,
 * sent to a database that then went silent. A statement that timed out inside a transaction before
 * its COMMIT changed nothing: its connection was dropped, and the server rolls back what it held.
 */
export class QueryTimeoutError extends Error {
  constructor(
    readonly outcomeUnknown: boolean,
    timeoutMs: number,
  ) {
    super(`The database did not answer within ${timeoutMs} ms`);
    this.name = 'QueryTimeoutError';
  }
}

type Answer = [QueryResult, FieldPacket[]];
type Statement = string | QueryOptions;

/** A statement and how mysql2 is asked to run it. */
interface Call {
  method: 'query' | 'execute';
  statement: Statement;
  values?: unknown;
}

/** What drizzle, the migrator and the analytics insert call on a mysql2 pool or one of its connections. */
interface Queryable {
  query(statement: Statement, values?: unknown): Promise<Answer>;
  execute(statement: Statement, values?: unknown): Promise<Answer>;
}

/** A connection of a {@link DeadlinePool}, as drizzle's transactions use it. */
export interface DeadlineConnection extends Queryable {
  release(): void;
  /** mysql2's callback connection: drizzle reaches for it only to stream rows, which this service does not. */
  readonly connection: PoolConnection['connection'];
}

/** A pool whose every statement, and every wait for a connection, ends within the timeout. */
export interface DeadlinePool extends Queryable {
  getConnection(): Promise<DeadlineConnection>;
}

/** Statements that only read: one that timed out changed nothing. Anything else might have. */
const READ_ONLY = /^\s*\(?\s*select\b/i;
const COMMIT = /^\s*commit\b/i;

const sqlOf = (statement: Statement): string => (typeof statement === 'string' ? statement : statement.sql);

/**
 * Wraps a mysql2 pool so that nothing waits on a silent database for longer than `timeoutMs`:
 * a network stall (the connection neither answers nor closes) otherwise holds every request, and
 * the readiness probe, for as long as it lasts.
 *
 * mysql2's own `timeout` query option is not enough: its timer starts only once the statement
 * reaches the head of its connection's queue, it answers the caller but leaves the stalled
 * statement on the connection (which a transaction then hands back to the pool, to be given to the
 * next request), and waiting for a free connection has no bound at all. Here a statement that
 * outlasts the timeout drops its connection, so the pool opens a fresh one for the next request.
 */
export function withQueryDeadline(pool: Pool, timeoutMs: number): DeadlinePool {
  /** A free connection, or a QueryTimeoutError once `ms` pass; one that comes later goes back to the pool. */
  const acquire = (ms: number): Promise<PoolConnection> =>
    // The timer starts first: a connection opened for this wait gives up after the same time (the
    // pool's connectTimeout), and the caller should learn of the timeout, not of a failed connect.
    settleWithin(
      () => pool.getConnection(),
      ms,
      (acquiring) => {
        acquiring.then(
          (late) => late.release(),
          () => {},
        );
        return new QueryTimeoutError(false, timeoutMs);
      },
    );

  /**
   * Runs a statement on a connection the caller holds; on timeout the connection is dropped.
   * `mayHaveChanged`: whether the statement, once sent, may have changed data though unanswered.
   */
  const run = (connection: PoolConnection, ms: number, call: Call, mayHaveChanged: boolean): Promise<Answer> =>
    settleWithin(
      () => (connection as unknown as Queryable)[call.method](call.statement, call.values),
      ms,
      () => {
        const error = new QueryTimeoutError(mayHaveChanged, timeoutMs);
        drop(connection, error);
        return error;
      },
    );

  /** A statement outside a transaction: a connection of its own for the statement, within one deadline. */
  const pooled =
    (method: 'query' | 'execute') =>
    async (statement: Statement, values?: unknown): Promise<Answer> => {
      const started = performance.now();
      const connection = await acquire(timeoutMs);
      const left = Math.max(1, timeoutMs - (performance.now() - started));
      let answer: Answer;
      try {
        // Outside a transaction a write commits by itself: one left unanswered may have been applied.
        answer = await run(connection, left, { method, statement, values }, !READ_ONLY.test(sqlOf(statement)));
      } catch (error) {
        // A timed-out connection is dropped, never returned; after any other error it is returned
        // (a fatal one has already taken it out of the pool, which makes this a no-op).
        if (!(error instanceof QueryTimeoutError)) connection.release();
        throw error;
      }
      connection.release();
      return answer;
    };

  return {
    query: pooled('query'),
    execute: pooled('execute'),
    async getConnection() {
      const connection = await acquire(timeoutMs);
      // Once a statement timed out the connection is gone: what drizzle sends next (its ROLLBACK)
      // fails with the same error, so the caller learns about the timeout, not about a closed socket.
      let broken: QueryTimeoutError | undefined;
      const inTransaction =
        (method: 'query' | 'execute') =>
        async (statement: Statement, values?: unknown): Promise<Answer> => {
          if (broken) throw broken;
          try {
            // Inside one only the COMMIT can have changed anything: the server rolls back the rest.
            return await run(connection, timeoutMs, { method, statement, values }, COMMIT.test(sqlOf(statement)));
          } catch (error) {
            if (error instanceof QueryTimeoutError) broken = error;
            throw error;
          }
        };
      return {
        query: inTransaction('query'),
        execute: inTransaction('execute'),
        release: () => {
          if (!broken) connection.release();
        },
        connection: connection.connection,
      };
    },
  };
}

/**
 * Closes a connection at once and for good. mysql2's `destroy()` only half-closes the socket, which a
 * silent peer never completes, and leaves the stalled statement pending; failing the socket itself
 * fails every statement queued on the connection and takes it out of the pool.
 */
function drop(connection: PoolConnection, error: Error): void {
  (connection.connection as unknown as { stream: Socket }).stream.destroy(error);
}

/** The outcome of `start`'s work, or the error `onTimeout` makes (given the work) once `ms` pass first. */
function settleWithin<T>(start: () => Promise<T>, ms: number, onTimeout: (work: Promise<T>) => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The timer starts before the work; its callback, which runs later, sees the work.
    const timer = setTimeout(() => reject(onTimeout(work)), ms);
    const work = start();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}
