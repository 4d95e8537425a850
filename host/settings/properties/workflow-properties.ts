import { defineProperties } from '../../../core/config/properties.js';
import { AddressAllowList } from '../../outbound/address-allow-list.js';

/** What workflow actions set off: mail, durable jobs, push publishing, calls to other servers, translation. */
export const WORKFLOW_PROPERTIES = defineProperties({
  'mail.transport': {
    default: 'outbox',
    group: 'Mail',
    description:
      '`outbox` writes each message as an `.eml` file in the data directory (nothing leaves the machine); `smtp` sends through a server; or a transport a plugin contributes.',
  },
  'jobs.dispatch': {
    type: 'bool',
    default: true,
    group: 'Jobs',
    description:
      'Whether this process runs durable jobs (mail and other side effects written by workflow actions). `false` leaves them to the other processes sharing the database; they are still written.',
  },
  'jobs.poll.ms': {
    type: 'int',
    default: 1000,
    min: 10,
    max: 3_600_000,
    group: 'Jobs',
    description:
      'How often the database is asked for due jobs. Jobs written by this process run at once after their commit; this bounds the wait for retries and for jobs written by other processes.',
  },
  'jobs.concurrency': {
    type: 'int',
    default: 4,
    min: 1,
    max: 256,
    group: 'Jobs',
    description: 'Jobs one process runs at once.',
  },
  'jobs.max.attempts': {
    type: 'int',
    default: 8,
    min: 1,
    max: 100,
    group: 'Jobs',
    description:
      'Runs of a job before it is dead (kept for an administrator to retry or drop). Applies to jobs written from then on.',
  },
  'jobs.backoff.base.ms': {
    type: 'int',
    default: 2000,
    min: 1,
    max: 3_600_000,
    group: 'Jobs',
    description:
      'The wait after a first failed run; it doubles with each further failure (half of it random, so jobs failing together spread out).',
  },
  'jobs.backoff.max.ms': {
    type: 'int',
    default: 3_600_000,
    min: 1,
    max: 86_400_000,
    group: 'Jobs',
    description: 'The longest wait between two runs of a failing job.',
  },
  'jobs.lease.seconds': {
    type: 'int',
    default: 60,
    min: 2,
    max: 3600,
    group: 'Jobs',
    description:
      'How long a process holds a job it claimed; renewed while the job runs. A process that dies holding jobs leaves them to be run again by another process (or itself, restarted) after this long.',
  },
  'jobs.timeout.seconds': {
    type: 'int',
    default: 30,
    min: 1,
    max: 3600,
    group: 'Jobs',
    description: 'How long one run of a job may take before it is aborted and counted as a failed attempt.',
  },
  'jobs.retention.days': {
    type: 'int',
    default: 7,
    min: 0,
    max: 3650,
    group: 'Jobs',
    description: 'How long done jobs are kept (listed over REST) before they are purged; `0` keeps them.',
  },
  'push.receiver.key.hash': {
    default: '',
    secret: true,
    group: 'Push publishing',
    description:
      'Hex SHA-256 of the key other instances present (`Authorization: Bearer <key>`) to push bundles to `/api/bundlePublisher/publish`. Empty: this instance accepts no bundles. Store the hash, never the key.',
  },
  'push.max.bundle.bytes': {
    type: 'int',
    default: 10 * 1024 * 1024,
    min: 1024,
    group: 'Push publishing',
    defaultText: '`10485760` (10 MiB)',
    description:
      "Largest bundle this instance sends (an item's versions with their binaries, as JSON). The receiver must accept bodies this large (`http.max.body.bytes`).",
  },
  'push.timeout.seconds': {
    type: 'int',
    default: 30,
    min: 1,
    max: 600,
    group: 'Push publishing',
    description: "How long sending a bundle may take: connecting, the answer's headers, and its body each.",
  },
  'push.allowed.addresses': {
    type: 'list',
    default: [],
    group: 'Push publishing',
    validate: (value) => allowListProblem(value),
    description:
      'Private-network addresses pushes may reach: IP addresses and ranges (`10.0.0.5, 10.20.0.0/16, fd00::/8`), for receivers on an internal network. Empty: an endpoint must be a public address, as for Link Checker; loopback, RFC 1918, link-local (`169.254.169.254`), unique-local and IPv6 forms embedding an IPv4 address are refused, on the address connected to, and an endpoint saved with such an address is a 400. A name must resolve only to public or listed addresses (`localhost` needs both `127.0.0.1` and `::1`).',
  },
  'outbound.http.timeout.ms': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 600_000,
    group: 'Workflow',
    description:
      'Timeout of each outbound call a plugin makes (actionlets, translation providers): connecting, waiting for the headers, each pause in the body.',
  },
  'outbound.http.max.response.bytes': {
    type: 'int',
    default: 1_048_576,
    min: 1,
    max: 104_857_600,
    group: 'Workflow',
    description: 'Largest answer body a plugin reads from another server; a larger one fails the call.',
  },
  'translation.provider': {
    default: 'google',
    group: 'Workflow',
    description:
      'The translation provider Translate Content calls: the name of one a loaded plugin contributes (`google`, built in).',
  },
  'mail.from': {
    default: 'cms@localhost',
    group: 'Mail',
    description: 'Sender of workflow mail when an actionlet names none.',
  },
  'mail.attachments.max.bytes': {
    type: 'int',
    default: 10_485_760,
    min: 0,
    group: 'Mail',
    description:
      'Most bytes of attachments one message carries; an attachment that would exceed it is left out, with a warning in the log, and the message is sent without it.',
  },
});

/** Why a list of addresses is not acceptable, if it is not. */
function allowListProblem(value: string): string | undefined {
  try {
    AddressAllowList.parse(
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
