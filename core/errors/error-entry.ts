/**
 * What kind of failure an error is. Core never speaks of HTTP statuses: the host maps each kind to
 * one status, in one place.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'too_large'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'unsupported_media'
  | 'too_many_requests'
  | 'unavailable'
  | 'internal';

/** One problem of a request: the entries of the envelope's `errors` array. */
export interface ErrorDetail {
  errorCode: string;
  message: string;
  fieldName: string | null;
}

/** `'Role {id} of {user}'` → `'id' | 'user'`. */
export type TemplateParams<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | TemplateParams<Rest>
  : never;

/** The values a template needs, by name. */
export type ParamsOf<Template extends string> = { readonly [Name in TemplateParams<Template>]: string | number };

/**
 * An entry of the error catalogue: a stable code (public API: never reused for another meaning), its
 * kind, the message template (`{name}` placeholders) and what it means for a client author.
 */
export interface ErrorEntry<Code extends string = string, Template extends string = string> {
  readonly code: Code;
  readonly kind: ErrorKind;
  readonly message: Template;
  readonly meaning: string;
  /** The catalogue's area (`workflow`, `http`), for the published list. */
  readonly area: string;
}

type EntrySpec = { readonly kind: ErrorKind; readonly message: string; readonly meaning: string };

/** Declares the entries of one area; the codes are the keys, and each template's placeholders become typed parameters. */
export function defineErrors<const Specs extends Readonly<Record<string, EntrySpec>>>(
  area: string,
  specs: Specs,
): { readonly [Code in keyof Specs & string]: ErrorEntry<Code, Specs[Code]['message']> } {
  const entries: Record<string, ErrorEntry> = {};
  for (const [code, spec] of Object.entries(specs)) entries[code] = Object.freeze({ code, area, ...spec });
  return Object.freeze(entries) as never;
}

/** Fills a template's placeholders. */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>> | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
