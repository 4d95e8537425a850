/**
 * The logging contract core and plugins write to; the host supplies the implementation.
 * Object first, then a fixed message (pino's order), errors under `err`.
 */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  child(bindings: object): Logger;
}

/** A logger that drops everything: for tests and tools. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger;
  },
};
