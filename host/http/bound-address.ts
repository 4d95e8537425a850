/**
 * How a bound address reads (`0.0.0.0:8080`, `[::]:8080`: what the socket listens on, unaltered)
 * and a URL that reaches it from this machine (a wildcard address is reached on the loopback).
 */
export function boundAddress(host: string, port: number): { address: string; url: string } {
  const bracketed = (h: string) => (h.includes(':') ? `[${h}]` : h);
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return { address: `${bracketed(host)}:${port}`, url: `http://${bracketed(reachable)}:${port}` };
}
