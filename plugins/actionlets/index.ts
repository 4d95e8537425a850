import {
  PLUGIN_API_VERSION,
  definePlugin,
  readProperties,
  type Config,
  type OutboundHttp,
  type OutboundHttpClients,
  type SecretSealer,
} from '../../core/plugin/kit.js';
import { archiveContent } from './archive-content.js';
import { commentOnWorkflow } from './comment-on-workflow.js';
import { copyContentlet } from './copy-contentlet.js';
import { deleteContent } from './delete-content.js';
import { destroyContent } from './destroy-content.js';
import { fourEyesApproval } from './four-eyes-approval.js';
import { linkChecker } from './link-checker.js';
import { lockContent } from './lock-content.js';
import { message } from './message.js';
import { notifyAssignee } from './notify-assignee.js';
import { notifyUsers } from './notify-users.js';
import { postStatusJob } from './post-status-job.js';
import { ACTIONLET_PROPERTIES } from './properties.js';
import { publishContent } from './publish-content.js';
import { pushNow } from './push-now.js';
import { pushPublish } from './push-publish.js';
import { reindexContent } from './reindex-content.js';
import { requireMultipleApprovers } from './require-multiple-approvers.js';
import { resetWorkflow } from './reset-workflow.js';
import { saveContent } from './save-content.js';
import { saveDraftContent } from './save-draft-content.js';
import { sendEmail } from './send-email.js';
import { setValue } from './set-value.js';
import { socialStatusUpdate } from './social-status-update.js';
import { translateContent } from './translate-content.js';
import { unarchiveContent } from './unarchive-content.js';
import { unlockContent } from './unlock-content.js';
import { unpublishContent } from './unpublish-content.js';

/** The actionlet catalogue, in the order the REST interface lists it. */
export function catalogue({ http, secrets }: { http: OutboundHttp; secrets: SecretSealer }) {
  return [
    fourEyesApproval,
    archiveContent,
    commentOnWorkflow,
    copyContentlet,
    deleteContent,
    linkChecker(http),
    lockContent,
    message,
    notifyAssignee,
    notifyUsers,
    publishContent,
    pushNow,
    pushPublish,
    reindexContent,
    requireMultipleApprovers,
    resetWorkflow,
    saveDraftContent,
    saveContent,
    sendEmail,
    setValue,
    translateContent(),
    socialStatusUpdate(secrets),
    unarchiveContent,
    unlockContent,
    unpublishContent,
  ] as const;
}

/**
 * The clients the actionlets call with: for links found in content (private addresses only when
 * `link.checker.allow.private` says so), and for the X API, whose base URL an administrator sets
 * and which is therefore called wherever it points.
 */
export function outboundHttp(config: Config, outbound: OutboundHttpClients) {
  const properties = readProperties(config, ACTIONLET_PROPERTIES);
  return {
    links: outbound.client({ allowPrivate: properties['link.checker.allow.private'] }),
    configured: outbound.client({ allowPrivate: true }),
    socialBaseUrl: properties['social.api.base.url'],
  };
}

/** Only a host that gives no sealer (a test setting the plugin up by hand) meets this. */
const noSealer = (): never => {
  throw new Error('this host seals no secrets');
};
const NO_SECRETS: SecretSealer = { seal: noSealer, open: noSealer, isSealed: noSealer };
/** Likewise for a host that gives no outbound clients: the actionlets that call out fail when fired. */
const NO_OUTBOUND: OutboundHttpClients = {
  client: (): OutboundHttp => ({
    request: () => Promise.reject(new Error('this host gives no outbound HTTP client')),
  }),
};

/** The built-in workflow sub-actions. */
export default definePlugin({
  name: 'actionlets-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Content, workflow and notification sub-actions of workflow actions',
  properties: ACTIONLET_PROPERTIES,
  setup: ({ config, secrets = NO_SECRETS, outbound = NO_OUTBOUND }) => {
    const { links, configured, socialBaseUrl } = outboundHttp(config, outbound);
    return {
      actionlets: [...catalogue({ http: links, secrets }), destroyContent],
      jobHandlers: [postStatusJob({ http: configured, secrets, baseUrl: socialBaseUrl })],
    };
  },
});
