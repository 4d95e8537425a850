// A legacy body worker for tests: it says on the `held-legacy-body` channel when it has a body, and
// reads it only once the test says `release`, so that a test can hold a read on the worker thread
// while it looks at what the answering thread does meanwhile.
import { BroadcastChannel } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { default: read } = await import('../../host/legacy-content/legacy-body-worker.ts');
const channel = new BroadcastChannel('held-legacy-body');
channel.unref();

export default function held(task) {
  channel.postMessage('started');
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      if (event.data === 'release') resolve(read(task));
    };
  });
}
