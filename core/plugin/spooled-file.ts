/**
 * An uploaded file the host has put on disk (a file part of a multipart body), handed to field
 * types as `{ fileName, file }` so that it is stored by streaming, never read whole into memory.
 */
export interface SpooledFile {
  /** A temporary file the host removes once the request is answered. */
  readonly path: string;
  readonly size: number;
}

/**
 * Files the host spooled itself. Only these are stored: a value parsed from a client's JSON may
 * have the same shape, and storing the file it names would hand any file of the server to the
 * client. A set of objects, not of paths, so that nothing a client sends can ever be a member.
 */
const spooled = new WeakSet<object>();

/** Marks a file the host itself wrote as one `storeBinary` may store (host use only). */
export function trustSpooledFile<T extends SpooledFile>(file: T): T {
  spooled.add(file);
  return file;
}

/** Whether a value is a file the host spooled (see `trustSpooledFile`). */
export function isSpooledFile(value: unknown): value is SpooledFile {
  return typeof value === 'object' && value !== null && spooled.has(value);
}
