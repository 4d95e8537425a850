// The yardstick: the smallest uWebSockets.js server, answering a fixed JSON body. With `buffer` as
// its second argument it also reads every request body into memory before answering, as a
// straightforward server does (the memory benchmark's reference). With BARE_BODY_BYTES in the
// environment it answers that many bytes instead (what an answer's size alone costs).
import { createRequire } from 'node:module';

const uws = createRequire(import.meta.url)('uWebSockets.js');
const port = Number(process.argv[2] ?? 9001);
const buffering = process.argv[3] === 'buffer';
const sized = Number(process.env.BARE_BODY_BYTES ?? 0);
const body =
  sized > 0 ? JSON.stringify({ hello: 'w'.repeat(Math.max(0, sized - 12)) }) : JSON.stringify({ hello: 'world' });
const answer = (res) =>
  res.cork(() => {
    res.writeHeader('Content-Type', 'application/json');
    res.end(body);
  });
const app = uws.App().get('/*', answer);
if (buffering) {
  app.post('/*', (res) => {
    let aborted = false;
    res.onAborted(() => (aborted = true));
    const chunks = [];
    res.onData((chunk, isLast) => {
      chunks.push(Buffer.from(chunk.slice(0)));
      if (isLast && !aborted) answer(res);
    });
  });
}
app.listen('127.0.0.1', port, (socket) => {
  if (!socket) process.exit(1);
  process.stdout.write('ready\n');
});
