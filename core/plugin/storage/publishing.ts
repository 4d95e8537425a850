import type { PushEndpoint, PushEnvironment, PushRecord } from '../../model/push-publishing.js';

// Push publishing.

/** Push publishing environments, endpoints and what was pushed to each. */
export interface PushPublishingRepository {
  listEnvironments(): Promise<PushEnvironment[]>;
  findEnvironment(id: string): Promise<PushEnvironment | undefined>;
  findEnvironmentByName(name: string): Promise<PushEnvironment | undefined>;
  insertEnvironment(environment: PushEnvironment): Promise<void>;
  updateEnvironment(environment: PushEnvironment): Promise<void>;
  /** Removes the environment with its endpoints and their records. */
  removeEnvironment(id: string): Promise<void>;
  /** Every endpoint, or those of one environment. */
  listEndpoints(environmentId?: string): Promise<PushEndpoint[]>;
  findEndpoint(id: string): Promise<PushEndpoint | undefined>;
  insertEndpoint(endpoint: PushEndpoint): Promise<void>;
  updateEndpoint(endpoint: PushEndpoint): Promise<void>;
  removeEndpoint(id: string): Promise<void>;
  findRecord(endpointId: string, identifier: string): Promise<PushRecord | undefined>;
  /** Writes the record of the endpoint and item, replacing the earlier one. */
  putRecord(record: PushRecord): Promise<void>;
  /** The records of one item, or every record. */
  listRecords(identifier?: string): Promise<PushRecord[]>;
}
