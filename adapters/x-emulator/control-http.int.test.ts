import { afterEach, describe, expect, it } from 'vitest';
import { remoteControl } from './control-http';
import { startXEmulator, type XEmulator } from './server';

let emu: XEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe("the emulator's control over HTTP", () => {
  it('drives the same world as the in-process control, answers refusals as errors, and leaves the record of X calls alone', async () => {
    emu = await startXEmulator({ port: 0, controlApi: true });
    const remote = remoteControl(emu.url);
    await remote.createUser('ctl_target');
    const post = await remote.post('ctl_target', 'Posted from outside');
    expect(emu.control.getPost(post.id)?.text).toBe('Posted from outside');
    expect((await remote.postsBy('ctl_target')).map((p) => p.id)).toEqual([post.id]);
    expect(await remote.user('nobody_here')).toBeUndefined();
    await expect(remote.postsBy('nobody_here')).rejects.toThrow('No emulated X user @nobody_here');

    await remote.inject({ kind: 'status', status: 503 }, { method: 'GET', path: '/2/users/me', times: 1 });
    expect((await fetch(`${emu.url}/2/users/me`)).status).toBe(503);
    expect((await fetch(`${emu.url}/2/users/me`)).status).toBe(401);
    expect((await remote.requests({ method: 'GET', path: '/2/users/me' })).map((r) => r.path)).toEqual(['/2/users/me', '/2/users/me']);
    expect(emu.control.requests.some((r) => r.path.startsWith('/sandbox/control/'))).toBe(false);
    await remote.inject({ kind: 'drop' }, { path: '/2/users/me', times: 5 });
    await remote.clearFaults();
    expect((await fetch(`${emu.url}/2/users/me`)).status).toBe(401);
    expect(await remote.streamConnections()).toBe(0);

    const unknown = await fetch(`${emu.url}/sandbox/control/takeFaults`, { method: 'POST', body: '[]' });
    expect(unknown.status).toBe(404);
    const notArray = await fetch(`${emu.url}/sandbox/control/post`, { method: 'POST', body: '{"username":"x"}' });
    expect(notArray.status).toBe(400);
  });

  it('is off unless asked for: a sandbox X answers its paths as any unknown page', async () => {
    emu = await startXEmulator({ port: 0 });
    const res = await fetch(`${emu.url}/sandbox/control/createUser`, { method: 'POST', body: '["intruder"]' });
    expect(res.status).toBe(404);
    expect(emu.control.user('intruder')).toBeUndefined();
  });
});
