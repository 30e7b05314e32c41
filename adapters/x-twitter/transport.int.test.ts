// The agents' connection policy, seen from a server that counts connections: reads reuse a
// kept-alive connection; posts always open a new one (a stale connection X closed cannot take a post).
import { createServer, type Agent } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingAgent, redirectingAgent } from './transport';

describe('X transport agents', () => {
  let connections = 0;
  const server = createServer((_req, res) => res.end('ok'));
  server.on('connection', () => (connections += 1));
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // The agents speak https: to the library and send the bytes to `base` whatever the URL says.
  const call = (agent: Agent) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: 'api.x.com', path: '/2/tweets', method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end('{}');
    });

  const connectionsFor = async (agent: Agent, calls: number) => {
    const before = connections;
    for (let i = 0; i < calls; i += 1) await call(agent);
    agent.destroy();
    return connections - before;
  };

  it('reads keep one connection alive across calls', async () => {
    expect(await connectionsFor(redirectingAgent(base), 3)).toBe(1);
  });

  it('posts open a new connection every time', async () => {
    expect(await connectionsFor(postingAgent(base), 3)).toBe(3);
  });
});
