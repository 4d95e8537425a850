// A worker thread of the legacy body reader (see legacy-body-reader.ts): it reads the members of a
// large legacy save body, so that the thread answering requests stays free while it does.
import { readLegacyBody, type LegacyFormat, type LegacyOutcome } from './legacy-body.js';

/** One body or part: its bytes (or text, for a multipart part), its format and the values it may hold. */
export interface LegacyBodyTask {
  format: LegacyFormat;
  body: Uint8Array | string;
  maxValues: number;
}

export default function read(task: LegacyBodyTask): LegacyOutcome {
  return readLegacyBody(task.format, task.body, task.maxValues);
}
