/**
 * Why a legacy body is refused, as plain data: a worker thread sends it back as it is (an error
 * loses its code on the way), and the answering thread turns it into the catalogue error.
 */
export type LegacyRefusal =
  | { code: 'LEGACY_XML_UNREADABLE'; problem: string }
  | { code: 'LEGACY_BODY_NOT_OBJECT'; format: string }
  | { code: 'LEGACY_BODY_TOO_MANY_VALUES'; limit: number }
  | { code: 'HTTP_BODY_INVALID_JSON' }
  | { code: 'HTTP_BODY_TOO_DEEP'; depth: number };

/** Thrown by the readers, deep in a parse, and caught where the outcome is made. */
export class Refused extends Error {
  constructor(readonly refusal: LegacyRefusal) {
    super(refusal.code);
    this.name = 'Refused';
  }
}

export const unreadableXml = (problem: string) => new Refused({ code: 'LEGACY_XML_UNREADABLE', problem });

export const tooManyValues = (limit: number) => new Refused({ code: 'LEGACY_BODY_TOO_MANY_VALUES', limit });
