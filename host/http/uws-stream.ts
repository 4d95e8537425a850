import type { Readable } from 'node:stream';
import type * as Uws from 'uWebSockets.js';
import type { StreamedBody } from './streamed-body.js';

/**
 * Sends a streamed body, after the head `writeHead` writes, as it is read: at most one chunk is
 * held, and a chunk the socket cannot take pauses the stream until uWS says it can write again. A
 * stream that fails after the head was sent can only be cut short: the connection is closed, and
 * the client sees fewer bytes than announced.
 */
export async function streamBody(
  res: Uws.HttpResponse,
  body: StreamedBody,
  how: { isAborted: () => boolean; onAbort: (hook: () => void) => void; writeHead: () => void },
): Promise<void> {
  const { isAborted, onAbort } = how;
  let stream: Readable;
  try {
    stream = await body.open();
  } catch {
    if (!isAborted()) res.cork(() => res.close());
    return;
  }
  if (isAborted()) {
    stream.destroy();
    return;
  }
  res.cork(() => {
    how.writeHead();
    if (body.length === 0) res.end();
  });
  if (body.length === 0) {
    stream.destroy();
    return;
  }
  await new Promise<void>((resolve) => {
    let finished = false;
    const finish = (cut: boolean) => {
      if (finished) return;
      finished = true;
      stream.destroy();
      if (cut && !isAborted()) res.cork(() => res.close());
      resolve();
    };
    // Set while a chunk waits for the socket: the stream may end meanwhile, and that is no cut.
    let waiting = false;
    let sourceEnded = false;
    onAbort(() => finish(false));
    stream.on('error', () => finish(true));
    stream.on('end', () => {
      sourceEnded = true;
      // Ended before the announced length was sent: the store held less than it said.
      if (!waiting) finish(true);
    });
    stream.on('data', (chunk: Buffer | string) => {
      if (isAborted()) return finish(false);
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      const start = res.getWriteOffset();
      let [ok, done] = [false, false];
      res.cork(() => ([ok, done] = res.tryEnd(data, body.length)));
      if (done) return finish(false);
      if (ok) return;
      waiting = true;
      stream.pause();
      res.onWritable((offset) => {
        if (isAborted()) {
          finish(false);
          return true;
        }
        let [retried, ended] = [false, false];
        res.cork(() => ([retried, ended] = res.tryEnd(data.slice(offset - start), body.length)));
        if (ended) finish(false);
        else if (retried) {
          waiting = false;
          if (sourceEnded) finish(true);
          else stream.resume();
        }
        return retried;
      });
    });
  });
}
