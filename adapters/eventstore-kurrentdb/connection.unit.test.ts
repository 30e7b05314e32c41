import { describe, expect, it } from 'vitest';
import { makeClient, parseConnection, usesPerCallAppends } from './connection';

/** The client's own internals that decide what reaches the server (client 1.3.1, public members). */
type ClientInternals = {
  resolveBridgeCredentials(perCall?: unknown): Promise<unknown>;
  resolveAuthorizationHeader(perCall?: unknown): Promise<string | undefined>;
};

describe('KurrentDB connection strings', () => {
  it('credentials are taken out of the string and decoded once (%40 is @)', () => {
    expect(parseConnection('kurrentdb://ops%2Fuser:p%40ss%3Aw0rd@db.local:2113?tls=true')).toEqual({
      connectionString: 'kurrentdb://db.local:2113?tls=true',
      credentials: { username: 'ops/user', password: 'p@ss:w0rd' },
      insecure: false,
    });
    expect(parseConnection('esdb+discover://a:b@h1:2113,h2:2113?tls=false')).toMatchObject({
      connectionString: 'esdb+discover://h1:2113,h2:2113?tls=false',
      credentials: { username: 'a', password: 'b' },
      insecure: true,
    });
    expect(parseConnection('kurrentdb://localhost:2113?tls=false')).toMatchObject({ credentials: null, insecure: true });
  });

  it('refuses credentials it cannot read, without repeating them', () => {
    expect(() => parseConnection('kurrentdb://justauser@h:2113')).toThrow(/user:password@/);
    expect(() => parseConnection('kurrentdb://u:bad%zzsecret@h:2113')).toThrow(expect.objectContaining({ field: 'connectionString', message: expect.not.stringContaining('bad%zz') }));
  });

  it.each(['throwOnAppendFailure=false', 'THROWONAPPENDFAILURE=False', 'throwOnAppendFailure=0'])('refuses %s: a conflict would look written', (opt) => {
    expect(() => parseConnection(`kurrentdb://h:2113?tls=false&${opt}`)).toThrow(expect.objectContaining({ code: 'validation', reason: 'THROW_ON_APPEND_FAILURE_OFF' }));
  });

  it('accepts throwOnAppendFailure=true (the default)', () => {
    expect(parseConnection('kurrentdb://h:2113?throwOnAppendFailure=true').credentials).toBeNull();
  });
});

describe('the clients made from it', () => {
  it('both halves get the decoded password explicitly: the gRPC header and the native read bridge', async () => {
    const client = makeClient(parseConnection('kurrentdb://admin:p%40ss@localhost:2113?tls=true'));
    const internals = client as unknown as ClientInternals;
    await expect(internals.resolveBridgeCredentials()).resolves.toEqual({ username: 'admin', password: 'p@ss' });
    await expect(internals.resolveAuthorizationHeader()).resolves.toBe(`Basic ${Buffer.from('admin:p@ss').toString('base64')}`);
    await client.dispose();
  });

  it('appends go one gRPC call each (a credentials provider is set), with or without credentials on an insecure channel', async () => {
    for (const url of ['kurrentdb://admin:changeit@localhost:2113?tls=false', 'kurrentdb://localhost:2113?tls=false']) {
      const client = makeClient(parseConnection(url));
      expect(usesPerCallAppends(client)).toBe(true);
      // Insecure: nothing is sent, as the server would ignore it.
      await expect((client as unknown as ClientInternals).resolveAuthorizationHeader()).resolves.toBeUndefined();
      await client.dispose();
    }
  });
});
