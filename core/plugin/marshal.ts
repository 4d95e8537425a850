/**
 * What the service writes and reads its own stored and pushed JSON with (`marshal.implementation`
 * and `gson.configurator`, the original's `MarshalFactory` and `GsonConfigurator`): the system
 * events, both in the journal that other processes sharing the database read and as the frames
 * the system events websocket sends. REST answers are not written with it.
 */

/**
 * Adjusts how the marshal writes and reads (`gson.configurator`): a `JSON.stringify` replacer and a
 * `JSON.parse` reviver, each optional. The built-in one changes nothing.
 *
 * @example
 * // Events carry dates as ISO text rather than milliseconds.
 * const isoDates = defineJsonConfigurator({
 *   name: 'acme.IsoDates',
 *   replacer: (key, value) => (key === 'creationDate' && typeof value === 'number' ? new Date(value).toISOString() : value),
 *   reviver: (key, value) => (key === 'creationDate' && typeof value === 'string' ? Date.parse(value) : value),
 * });
 */
export interface JsonConfigurator {
  name: string;
  replacer?: (key: string, value: unknown) => unknown;
  reviver?: (key: string, value: unknown) => unknown;
}

/**
 * Writes values as text and reads them back (`marshal.implementation`). Whatever `stringify`
 * writes, `parse` must read back to an equal value. `configurator` is the one `gson.configurator`
 * names; a marshal that writes its own way may ignore it.
 */
export interface Marshal {
  name: string;
  stringify(value: unknown, configurator: JsonConfigurator): string;
  parse(text: string, configurator: JsonConfigurator): unknown;
}

/** The chosen marshal with the chosen configurator applied: what services write and read with. */
export interface JsonCodec {
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** Plain `JSON`: what a service built without a host (a test) writes with. */
export const PLAIN_JSON: JsonCodec = {
  stringify: (value) => JSON.stringify(value),
  parse: (text) => JSON.parse(text) as unknown,
};

/** Identity function that exists for type inference and editor help. */
export function defineMarshal(marshal: Marshal): Marshal {
  return marshal;
}

/** Identity function that exists for type inference and editor help. */
export function defineJsonConfigurator(configurator: JsonConfigurator): JsonConfigurator {
  return configurator;
}
