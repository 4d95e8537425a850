import type { Logger } from '../core/logger.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Keys whose values never reach a log line, whatever the caller passes. */
const SECRET_KEY = /authorization|cookie|password|passwd|secret|token|jwt|api[-_]?key|cmsauth/i;

/** What the access log records of each request. */
export interface AccessEntry {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface LogSink {
  write(line: string): void;
}

/**
 * Buffers lines and writes them once per event-loop turn: one write per burst keeps the access
 * log cheap under load. `flush()` is called on shutdown.
 */
export class BufferedSink implements LogSink {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly out: { write(chunk: string): unknown }) {}

  write(line: string): void {
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.out.write(chunk);
  }
}

/** A structured JSON-lines logger with redaction of secrets. */
export class JsonLogger implements Logger {
  private readonly threshold: number;
  /** The bindings as written: redacted once, when the logger is made. */
  private readonly bindings: Record<string, unknown>;
  private readonly bindingsJson: string;

  constructor(
    private readonly sink: LogSink,
    level: LogLevel = 'info',
    bindings: Record<string, unknown> = {},
  ) {
    this.threshold = LEVELS[level];
    this.bindings = sanitize(bindings, 0) as Record<string, unknown>;
    this.bindingsJson = Object.keys(this.bindings).length ? `,${JSON.stringify(this.bindings).slice(1, -1)}` : '';
  }

  debug(fields: object, message: string): void {
    this.log('debug', fields, message);
  }
  info(fields: object, message: string): void {
    this.log('info', fields, message);
  }
  warn(fields: object, message: string): void {
    this.log('warn', fields, message);
  }
  error(fields: object, message: string): void {
    this.log('error', fields, message);
  }

  child(bindings: object): Logger {
    const child = new JsonLogger(this.sink, 'silent', { ...this.bindings, ...bindings });
    (child as unknown as { threshold: number }).threshold = this.threshold;
    return child;
  }

  /**
   * The access-log line of one request: the same record `info(entry, 'request')` writes, built
   * without the generic walk, since it runs once per request and its members hold no secrets.
   */
  request(entry: AccessEntry): void {
    if (LEVELS.info < this.threshold) return;
    this.sink.write(
      `{"level":"info","time":${Date.now()}${this.bindingsJson},"reqId":${JSON.stringify(entry.reqId)},` +
        `"method":${JSON.stringify(entry.method)},"path":${JSON.stringify(entry.path)},"status":${entry.status},` +
        `"ms":${entry.ms},"msg":"request"}\n`,
    );
  }

  private log(level: Exclude<LogLevel, 'silent'>, fields: object, message: string): void {
    if (LEVELS[level] < this.threshold) return;
    const record = { level, time: Date.now(), ...this.bindings, ...(sanitize(fields, 0) as object), msg: message };
    this.sink.write(JSON.stringify(record) + '\n');
  }
}

/**
 * Redacts secret-looking keys and turns errors into plain objects. A walk of our own rather than a
 * JSON.stringify replacer: the access log writes a line per request and a replacer call per key
 * costs more than the rest of the line. Depth is bounded; deeper values are summarised.
 */
function sanitize(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value);
  if (depth > 4) return '[object]';
  if (Array.isArray(value)) return value.map((v) => sanitize(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    out[key] =
      SECRET_KEY.test(key) && v !== undefined && v !== null && v !== '' ? '[redacted]' : sanitize(v, depth + 1);
  }
  return out;
}

function serializeError(error: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (error.cause !== undefined) out.cause = error.cause instanceof Error ? serializeError(error.cause) : error.cause;
  return out;
}
