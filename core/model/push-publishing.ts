/** A push publishing environment: a named group of endpoints content is pushed to. */
export interface PushEnvironment {
  id: string;
  name: string;
  /** Push to every endpoint of the environment (the only mode implemented: see docs/push-publishing.md). */
  pushToAll: boolean;
  createdAt: number;
}

/** Another instance of this service that receives bundles. */
export interface PushEndpoint {
  id: string;
  environmentId: string;
  serverName: string;
  protocol: 'http' | 'https';
  address: string;
  port: number;
  /** The key the endpoint expects, encrypted with the installation's key; never shown. */
  authKey: string;
  enabled: boolean;
  /** Whether this endpoint sends (kept from the original's model; pushes go to every enabled endpoint). */
  sending: boolean;
  createdAt: number;
}

/** The original's audit status names, where they fit. */
export type PushStatus =
  'BUNDLE_REQUESTED' | 'SENDING_TO_ENDPOINTS' | 'SUCCESS' | 'FAILED_TO_SENT' | 'SKIPPED_UNCHANGED';

/** What was last pushed of one item to one endpoint. */
export interface PushRecord {
  endpointId: string;
  identifier: string;
  bundleId: string;
  status: PushStatus;
  /** SHA-256 of the last bundle the endpoint accepted: an unforced push of the same bundle is skipped. */
  sentHash: string | null;
  lastError: string | null;
  updatedAt: number;
}
