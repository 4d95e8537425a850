// The ingest load: autocannon posting batches for a given time, in a worker thread of its own so
// that a read load run by the bench's main thread at the same time does not share its event loop.
//
// Every event acknowledged must be found stored afterwards, so the count has to be exact: autocannon
// drops the requests still in flight when its time is up, and the service may store a batch whose
// answer nobody read. So the load posts batches only until `seconds` have passed, then sends CORS
// preflights (which store nothing) for a drain period while the last batches are answered; when
// autocannon stops, only preflights can be in flight. The worker counts batches sent and answered,
// and the bench refuses the count check if they differ.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const INGEST = '/api/v1/analytics/content/event';
/** Long enough for every batch in flight at the deadline to be answered (their p99 is milliseconds). */
const DRAIN_SECONDS = 3;

if (!isMainThread && workerData?.ingestLoad) await load(workerData);

async function load({ base, bodies, connections, seconds }) {
  const buffers = bodies.map((body) => Buffer.from(body));
  const sizes = bodies.map((body) => JSON.parse(body).events.length);
  const counts = { sent: 0, answered: 0, sentEvents: 0, acknowledged: 0, busy: 0, statuses: {}, unexpected: [] };
  const latencies = [];
  let next = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  parentPort.postMessage({ kind: 'window-start' });
  setTimeout(() => parentPort.postMessage({ kind: 'window-end' }), seconds * 1000);

  const instance = autocannon({
    url: base,
    connections,
    duration: seconds + DRAIN_SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          if (performance.now() >= deadline) {
            return {
              ...request,
              method: 'OPTIONS',
              path: INGEST,
              headers: { origin: 'https://visitor.example', 'access-control-request-method': 'POST' },
              body: undefined,
            };
          }
          const i = next++ % buffers.length;
          counts.sent++;
          counts.sentEvents += sizes[i];
          return {
            ...request,
            method: 'POST',
            path: INGEST,
            headers: { 'content-type': 'application/json' },
            body: buffers[i],
          };
        },
        onResponse: (status, body) => {
          if (status === 204) return; // a preflight of the drain
          counts.answered++;
          counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
          lastAnswer = performance.now();
          if (status === 503) counts.busy++;
          else if (status === 200) counts.acknowledged += JSON.parse(body).success;
          else if (counts.unexpected.length < 5) counts.unexpected.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status !== 204) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] : NaN;
  parentPort.postMessage({
    kind: 'done',
    counts,
    errors: result.errors + result.timeouts,
    seconds: (lastAnswer - started) / 1000,
    p50: at(0.5),
    p99: at(0.99),
  });
}

/**
 * Posts `bodies` (in turn) to the ingest endpoint of `base` over `connections` connections for
 * `seconds`. `onWindow('start' | 'end')` is called when the posting starts and when it stops.
 * Answers the counts (batches sent and answered, events sent and acknowledged, 503s, statuses),
 * the time from the start to the last answer, and latency p50/p99 (ms) of the batches.
 */
export function runIngestLoad({ base, bodies, connections, seconds }, onWindow = () => {}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { ingestLoad: true, base, bodies, connections, seconds },
    });
    worker.on('message', (message) => {
      if (message.kind === 'window-start') onWindow('start');
      else if (message.kind === 'window-end') onWindow('end');
      else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`ingest load exited with ${code}`)));
  });
}
