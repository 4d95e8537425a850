import { defineJsonConfigurator, defineMarshal } from '../../core/plugin/kit.js';

/**
 * The built-in marshal and configurator, under the names of the original's default classes so that
 * a configuration naming them keeps working.
 */

/** `JSON`, with the configurator's replacer and reviver when it has them. */
export const jsonMarshal = defineMarshal({
  name: 'com.dotcms.util.marshal.MarshalFactory.GsonMarshalUtils',
  stringify: (value, configurator) => JSON.stringify(value, configurator.replacer),
  parse: (text, configurator) => JSON.parse(text, configurator.reviver) as unknown,
});

/** Changes nothing: values are written as `JSON.stringify` writes them. */
export const defaultJsonConfigurator = defineJsonConfigurator({
  name: 'com.dotcms.util.marshal.DefaultGsonConfigurator',
});
