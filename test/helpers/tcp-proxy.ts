import { createServer, connect, type Server, type Socket } from 'node:net';

/** One client's pair of sockets. */
interface Link {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP proxy in front of a server (MariaDB in the tests) that a test can stall and resume, as a
 * network that stops carrying packets without closing anything would, or cut, as a restart would.
 *
 * While stalled it reads nothing from either side and forwards nothing; connections opened
 * meanwhile are accepted and wait. The sockets stay open, so neither end learns of the stall.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly links = new Set<Link>();
  private stalled = false;
  port = 0;
  /** Connections accepted since the proxy was made: a new one means the client opened a new connection. */
  accepted = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.accepted++;
      const upstream = connect(this.target.port, this.target.host);
      const link = { client, upstream };
      this.links.add(link);
      // One side closing ends the other once what it was sent has gone through, as a network would.
      for (const [socket, other] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        socket.on('close', () => {
          this.links.delete(link);
          other.end();
        });
        socket.on('error', () => socket.destroy());
      }
      if (this.stalled) {
        client.pause();
        upstream.pause();
      } else forward(link);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Stops carrying bytes either way, closing nothing. */
  stall(): void {
    this.stalled = true;
    for (const { client, upstream } of this.links) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Carries bytes again, those held during the stall first. */
  resume(): void {
    this.stalled = false;
    for (const link of this.links) forward(link);
  }

  /** Closes every connection and stops listening, as a database restart would. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream.destroy();
    }
    await closed;
    this.server = undefined;
  }
}

function forward({ client, upstream }: Link): void {
  client.pipe(upstream);
  upstream.pipe(client);
}
