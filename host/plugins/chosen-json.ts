import type { JsonCodec, JsonConfigurator, Marshal } from '../../core/plugin/marshal.js';

/**
 * What the system events' JSON is written and read with: the marshal `marshal.implementation`
 * names, with the configurator `gson.configurator` names applied.
 */
export function jsonCodec(marshal: Marshal, configurator: JsonConfigurator): JsonCodec {
  return {
    stringify: (value) => marshal.stringify(value, configurator),
    parse: (text) => marshal.parse(text, configurator),
  };
}
