/**
 * A deletion cut short between AccountDeleted and the erasure (the process died there): the plan
 * recorded on AccountDeleted is carried out later by accounts:erase's pass, on a real SQLite store
 * and read database, once; what the person wrote and their reservations are gone, AccountErased is
 * recorded, and a second pass does nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createLogger } from '@adapters/logging';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { pendingErasures } from '@adapters/read-models/users';
import { handleCommand } from '@core/eventstore/command-handler';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { isErasureCopy } from '@core/eventstore/erasure-copies';
import { release, reservationHolder, reservationStream, reserve } from '@core/eventstore/reservation';
import { userDecider } from '@core/users/decider';
import { EMAIL_RESERVATION, USERNAME_RESERVATION, userStream } from '@core/users/streams';
import { resumeErasures } from './index';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('accounts:erase', () => {
  it('finishes the erasure of an account deleted before a crash, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-erasure-'));
    dirs.push(dir);
    const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
    const projector = createProjector({ store, path: join(dir, 'read.db'), projections: [...allProjections] });
    await projector.start();
    const now = '2026-11-27T09:00:00.000Z';
    const options = () => ({ metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: now }, newId: randomUUID });
    const userId = randomUUID();
    await handleCommand(store, userStream(userId), userDecider, { type: 'Register', id: userId, username: 'alice_secret', passwordHash: 'argon-hash', passwordChangeRequired: false, createdBy: null, now }, options());
    const taken = reservationStream(USERNAME_RESERVATION, 'alice_secret');
    await store.append(taken, [{ id: randomUUID(), type: 'Reserved', data: { value: 'alice_secret', ownerId: userId }, metadata: options().metadata }], 'no_stream');
    const template = `template-${randomUUID()}`;
    await store.append(template, [{ id: randomUUID(), type: 'NoteWritten', data: { userId, content: 'what alice wrote' }, metadata: options().metadata }], 'no_stream');

    // Steps 1-3 of a deletion, then the process dies before step 4.
    const deleted = await handleCommand(store, userStream(userId), userDecider, { type: 'DeleteAccount', now, erase: { streams: [template], reservations: [{ kind: USERNAME_RESERVATION, value: 'alice_secret' }] } }, options());
    await projector.waitFor(deleted.position!);
    expect(pendingErasures(projector.db)).toEqual([userId]);
    expect(JSON.stringify((await store.readStream(template)).map((e) => e.data))).toContain('what alice wrote');

    const deps = { store, db: () => projector.db, clock: () => new Date(now), payments: null, logger: createLogger({ level: 'silent' }) };
    expect(await resumeErasures(deps)).toBe(1);
    const userEvents = await store.readStream(userStream(userId));
    expect(userEvents.map((e) => e.type)).toEqual(['UserRegistered', 'AccountDeleted', 'AccountErased']);
    const everything = JSON.stringify((await store.readAll()).map((e) => [e.streamName, e.data]));
    expect(everything).not.toContain('alice_secret');
    expect(everything).not.toContain('what alice wrote');
    expect(everything).not.toContain('argon-hash');
    expect(await store.readStream(taken)).toEqual([]);
    const last = (await store.readAll()).at(-1);
    await projector.waitFor(last!.position);
    expect(pendingErasures(projector.db)).toEqual([]);

    // A second pass (another process, the next minute) has nothing to do.
    expect(await resumeErasures(deps)).toBe(0);
    expect((await store.readStream(userStream(userId))).filter((e) => e.type === 'AccountErased')).toHaveLength(1);
    await projector.stop();
    await store.close();
  });

  it('on a store that erases by copy-and-truncate (KurrentDB; here the memory store that erases the same way): reads show only redacted copies, projected once, a second pass does nothing', async () => {
    const store = createMemoryEventStore();
    const projector = createProjector({ store, path: ':memory:', projections: [...allProjections] });
    await projector.start();
    const now = '2026-11-27T09:00:00.000Z';
    const options = () => ({ metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: now }, newId: randomUUID });
    const userId = randomUUID();
    await handleCommand(store, userStream(userId), userDecider, { type: 'Register', id: userId, username: 'alice_secret', passwordHash: 'argon-hash', passwordChangeRequired: false, createdBy: null, now }, options());
    await reserve(store, { kind: USERNAME_RESERVATION, value: 'alice_secret', ownerId: userId }, options());
    await release(store, { kind: USERNAME_RESERVATION, value: 'alice_secret', ownerId: userId }, options());
    // Released with the deletion, then taken by someone else before the erasure ran: theirs now, left alone.
    await reserve(store, { kind: EMAIL_RESERVATION, value: 'shared@example.test', ownerId: userId }, options());
    await release(store, { kind: EMAIL_RESERVATION, value: 'shared@example.test', ownerId: userId }, options());
    await reserve(store, { kind: EMAIL_RESERVATION, value: 'shared@example.test', ownerId: 'someone-else' }, options());
    const template = `template-${randomUUID()}`;
    await store.append(template, [{ id: randomUUID(), type: 'NoteWritten', data: { userId, content: 'what alice wrote' }, metadata: options().metadata }], 'no_stream');
    const reservations = [
      { kind: USERNAME_RESERVATION, value: 'alice_secret' },
      { kind: EMAIL_RESERVATION, value: 'shared@example.test' },
    ];
    const deleted = await handleCommand(store, userStream(userId), userDecider, { type: 'DeleteAccount', now, erase: { streams: [template], reservations } }, options());
    await projector.waitFor(deleted.position!);
    const usersBefore = projector.db.prepare('SELECT count(*) AS n FROM users').get();

    const deps = { store, db: () => projector.db, clock: () => new Date(now), payments: null, logger: createLogger({ level: 'silent' }) };
    expect(await resumeErasures(deps)).toBe(1);
    const userEvents = await store.readStream(userStream(userId));
    expect(userEvents.map((e) => e.type)).toEqual(['UserRegistered', 'AccountDeleted', 'AccountErased']);
    expect(userEvents.slice(0, 2).every(isErasureCopy)).toBe(true);
    const streams = [userStream(userId), template, reservationStream(USERNAME_RESERVATION, 'alice_secret')];
    const readable = JSON.stringify((await Promise.all(streams.map((s) => store.readStream(s)))).flat().map((e) => e.data));
    for (const secret of ['alice_secret', 'what alice wrote', 'argon-hash']) expect(readable).not.toContain(secret);
    expect(await reservationHolder(store, EMAIL_RESERVATION, 'shared@example.test')).toMatchObject({ ownerId: 'someone-else' });
    expect((await store.readStream(reservationStream(EMAIL_RESERVATION, 'shared@example.test'))).some(isErasureCopy)).toBe(false);
    const last = (await store.readAll()).at(-1);
    await projector.waitFor(last!.position);
    expect(pendingErasures(projector.db)).toEqual([]);
    // The read side is as the deletion left it, and no projection stumbled on a copy (they are skipped).
    expect(projector.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual(usersBefore);
    expect(projector.status().filter((p) => p.failure !== null)).toEqual([]);

    const copies = (await store.readAll()).filter(isErasureCopy).length;
    expect(await resumeErasures(deps)).toBe(0);
    expect((await store.readAll()).filter(isErasureCopy)).toHaveLength(copies);
    await projector.stop();
    await store.close();
  });
});
