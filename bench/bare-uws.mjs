// The yardstick: the smallest uWebSockets.js server, answering a fixed JSON body.
import { createRequire } from 'node:module';

const uws = createRequire(import.meta.url)('uWebSockets.js');
const port = Number(process.argv[2] ?? 9001);
const body = JSON.stringify({ hello: 'world' });
uws
  .App()
  .get('/*', (res) => {
    res.cork(() => {
      res.writeHeader('Content-Type', 'application/json');
      res.end(body);
    });
  })
  .listen('127.0.0.1', port, (socket) => {
    if (!socket) process.exit(1);
    process.stdout.write('ready\n');
  });
