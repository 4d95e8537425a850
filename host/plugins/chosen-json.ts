import type { Config } from '../../core/config/config.js';
import { readProperty } from '../../core/config/properties.js';
import type { JsonCodec } from '../../core/plugin/marshal.js';
import { resolveNamed, type PluginRegistry } from '../../core/plugin/registry.js';
import { HOST_PROPERTIES } from '../settings-properties.js';

const MARSHAL = 'marshal.implementation';
const CONFIGURATOR = 'gson.configurator';

/**
 * What the system events' JSON is written and read with: the marshal `marshal.implementation`
 * names, with the configurator `gson.configurator` names applied. A name no loaded plugin
 * contributes stops start-up.
 */
export function chosenJson(registry: PluginRegistry, config: Config): JsonCodec {
  const marshalName = readProperty(config, MARSHAL, HOST_PROPERTIES[MARSHAL]);
  const configuratorName = readProperty(config, CONFIGURATOR, HOST_PROPERTIES[CONFIGURATOR]);
  const marshal = resolveNamed(registry.marshals, MARSHAL, marshalName, config.origin(MARSHAL));
  const configurator = resolveNamed(
    registry.jsonConfigurators,
    CONFIGURATOR,
    configuratorName,
    config.origin(CONFIGURATOR),
  );
  return {
    stringify: (value) => marshal.stringify(value, configurator),
    parse: (text) => marshal.parse(text, configurator),
  };
}
