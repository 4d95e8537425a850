import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { PushEndpoint, PushEnvironment, PushRecord } from '../model/push-publishing.js';
import type { Storage } from '../plugin/storage/index.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';

export interface EnvironmentInput {
  name: string;
  pushMode: 'PUSH_TO_ALL' | 'PUSH_TO_ONE';
}

export interface EndpointInput {
  name: string;
  protocol: 'http' | 'https';
  address: string;
  port: number;
  /** Required on creation; left out on update, the stored key is kept. */
  authorizationToken?: string;
  enabled: boolean;
  sending: boolean;
  environmentId: string;
}

/** An endpoint as administrators see it: its key is never shown, only whether one is set. */
export type EndpointView = Omit<PushEndpoint, 'authKey'> & { authKey: '*****' };

export function endpointView({ authKey: _authKey, ...endpoint }: PushEndpoint): EndpointView {
  return { ...endpoint, authKey: '*****' };
}

export interface PushAdminOptions {
  now?: () => number;
  /**
   * False for an endpoint address that pushes would be refused (a private-network address not
   * allowed): it is refused when saved. Only what is known without resolving a name is judged; the
   * sender checks every address again when it connects.
   */
  callable?: (address: string) => boolean;
}

/** What administrators do with environments and endpoints, and the push status they read. */
export class PushAdmin {
  private readonly now: () => number;
  private readonly callable: (address: string) => boolean;

  private readonly storage: Storage;
  private readonly secrets: SecretSealer;

  constructor(
    options: {
      storage: Storage;
      secrets: SecretSealer;
    } & PushAdminOptions,
  ) {
    this.storage = options.storage;
    this.secrets = options.secrets;
    this.now = options.now ?? Date.now;
    this.callable = options.callable ?? (() => true);
  }

  listEnvironments(): Promise<PushEnvironment[]> {
    return this.storage.publishing.listEnvironments();
  }

  createEnvironment(input: EnvironmentInput): Promise<PushEnvironment> {
    return this.storage.transaction(async (tx) => {
      await this.checkEnvironmentName(tx, input.name);
      const environment = {
        id: randomUUID(),
        name: input.name,
        pushToAll: input.pushMode === 'PUSH_TO_ALL',
        createdAt: this.now(),
      };
      await tx.publishing.insertEnvironment(environment);
      return environment;
    });
  }

  updateEnvironment(id: string, input: EnvironmentInput): Promise<PushEnvironment> {
    return this.storage.transaction(async (tx) => {
      const current = await this.environment(tx, id);
      await this.checkEnvironmentName(tx, input.name, id);
      const environment = { ...current, name: input.name, pushToAll: input.pushMode === 'PUSH_TO_ALL' };
      await tx.publishing.updateEnvironment(environment);
      return environment;
    });
  }

  deleteEnvironment(id: string): Promise<void> {
    return this.storage.transaction(async (tx) => {
      await this.environment(tx, id);
      await tx.publishing.removeEnvironment(id);
    });
  }

  async listEndpoints(environmentId?: string): Promise<EndpointView[]> {
    if (environmentId !== undefined) await this.environment(this.storage, environmentId);
    return (await this.storage.publishing.listEndpoints(environmentId)).map(endpointView);
  }

  async getEndpoint(id: string): Promise<EndpointView> {
    return endpointView(await this.endpoint(this.storage, id));
  }

  createEndpoint(input: EndpointInput & { authorizationToken: string }): Promise<EndpointView> {
    this.checkAddress(input.address);
    return this.storage.transaction(async (tx) => {
      await this.environment(tx, input.environmentId);
      await this.checkEndpointName(tx, input.name);
      const endpoint: PushEndpoint = {
        id: randomUUID(),
        ...this.endpointColumns(input),
        authKey: this.secrets.seal(input.authorizationToken),
        createdAt: this.now(),
      };
      await tx.publishing.insertEndpoint(endpoint);
      return endpointView(endpoint);
    });
  }

  updateEndpoint(id: string, input: EndpointInput): Promise<EndpointView> {
    this.checkAddress(input.address);
    return this.storage.transaction(async (tx) => {
      const current = await this.endpoint(tx, id);
      await this.environment(tx, input.environmentId);
      await this.checkEndpointName(tx, input.name, id);
      const endpoint: PushEndpoint = {
        ...current,
        ...this.endpointColumns(input),
        authKey: input.authorizationToken ? this.secrets.seal(input.authorizationToken) : current.authKey,
      };
      await tx.publishing.updateEndpoint(endpoint);
      return endpointView(endpoint);
    });
  }

  deleteEndpoint(id: string): Promise<void> {
    return this.storage.transaction(async (tx) => {
      await this.endpoint(tx, id);
      await tx.publishing.removeEndpoint(id);
    });
  }

  /** The push status per endpoint: of one item, or of every item pushed. */
  pushes(identifier?: string): Promise<PushRecord[]> {
    return this.storage.publishing.listRecords(identifier);
  }

  private checkAddress(address: string): void {
    if (!this.callable(address))
      throw new CmsError(Errors.PUSH_ENDPOINT_ADDRESS_REFUSED, { address }, { fieldName: 'address' });
  }

  private endpointColumns(input: EndpointInput) {
    const { name, protocol, address, port, enabled, sending, environmentId } = input;
    return { serverName: name, protocol, address, port, enabled, sending, environmentId };
  }

  private async environment(tx: Pick<Storage, 'publishing'>, id: string): Promise<PushEnvironment> {
    const found = await tx.publishing.findEnvironment(id);
    if (!found) throw new CmsError(Errors.PUSH_ENVIRONMENT_NOT_FOUND, { id });
    return found;
  }

  private async endpoint(tx: Pick<Storage, 'publishing'>, id: string): Promise<PushEndpoint> {
    const found = await tx.publishing.findEndpoint(id);
    if (!found) throw new CmsError(Errors.PUSH_ENDPOINT_NOT_FOUND, { id });
    return found;
  }

  private async checkEnvironmentName(tx: Pick<Storage, 'publishing'>, name: string, self?: string): Promise<void> {
    const found = await tx.publishing.findEnvironmentByName(name);
    if (found && found.id !== self) throw new CmsError(Errors.PUSH_ENVIRONMENT_EXISTS, { name }, { fieldName: 'name' });
  }

  private async checkEndpointName(tx: Pick<Storage, 'publishing'>, name: string, self?: string): Promise<void> {
    const found = (await tx.publishing.listEndpoints()).find((e) => e.serverName === name);
    if (found && found.id !== self) throw new CmsError(Errors.PUSH_ENDPOINT_EXISTS, { name }, { fieldName: 'name' });
  }
}
