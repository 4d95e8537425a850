import type { Config } from '../../core/config/config.js';
import { readProperty } from '../../core/config/properties.js';
import type { OutboundHttpClients } from '../../core/plugin/outbound-http.js';
import { HOST_PROPERTIES } from '../settings/settings-properties.js';
import { serviceVersion } from '../startup/version.js';
import { UndiciOutboundHttp } from './undici-outbound-http.js';

/** The clients handed to plugins, and their shutdown. */
export interface HostOutboundClients extends OutboundHttpClients {
  close(): Promise<void>;
}

/**
 * Outbound HTTP as `outbound.http.*` configures it, with the user agent `cms/<version>`. One client
 * (one connection pool) per `allowPrivate` choice, shared by every plugin that asks for it.
 */
export function hostOutboundClients(config: Config): HostOutboundClients {
  const read = (key: 'outbound.http.timeout.ms' | 'outbound.http.max.response.bytes') =>
    readProperty(config, key, HOST_PROPERTIES[key]);
  const options = {
    userAgent: `cms/${serviceVersion()}`,
    timeoutMs: read('outbound.http.timeout.ms'),
    maxResponseBytes: read('outbound.http.max.response.bytes'),
  };
  const clients = new Map<boolean, UndiciOutboundHttp>();
  return {
    client: ({ allowPrivate }) => {
      let client = clients.get(allowPrivate);
      if (!client) clients.set(allowPrivate, (client = new UndiciOutboundHttp({ ...options, allowPrivate })));
      return client;
    },
    close: async () => {
      await Promise.all([...clients.values()].map((c) => c.close()));
      clients.clear();
    },
  };
}
