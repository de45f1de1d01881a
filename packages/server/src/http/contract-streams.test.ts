import { type AlertPush, callTable } from '@powerdeck/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CallRegistry } from './contract';
import { type AuthContext, createDataSvc } from './data-svc';
import { installErrorHandler } from './error-handler';

const auth: AuthContext = {
  sessionId: 's1',
  user: { userId: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', tier: 'STANDARD' },
};

const push = (id: number): AlertPush => ({
  alert: {
    id,
    read: false,
    isSubscribed: true,
    msg: 'Rack 2 is offline.',
    time: 1_714_564_800_000,
    type: 0,
    siteId: 'S1',
    locationId: 'S1',
    devClass: 'm4315',
    devId: 'AA0000000001',
    parentDevClass: null,
    parentDevId: null,
  },
  unread: 1,
});

function registryApp(session: AuthContext | null): { app: FastifyInstance; calls: CallRegistry } {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  const dataSvc = createDataSvc(app, { authenticate: () => Promise.resolve(session) });
  return { app, calls: new CallRegistry(dataSvc, true) };
}

describe('the call registry: calls without svc and live streams', () => {
  it('serves a call without svc at its own path, with the session and input checks of every call', async () => {
    const { app, calls } = registryApp(auth);
    calls.implement(callTable.legacyDevice, {
      devGet: ({ input }) => ({
        devId: input.devId,
        devClass: 'm4315' as const,
        fwVer: null,
        settings: {},
      }),
      sequencers: () => ({ cmdId: 'c1', state: 'sent' as const }),
    });
    const ok = await app.inject('/data-svc/settingsManagement/devGet.php?devId=aa0000000001');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ devId: 'AA0000000001' });
    const bad = await app.inject('/data-svc/settingsManagement/devGet.php?devId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'devId must be a device id (6-32 hex digits)',
      fields: { devId: 'devId must be a device id (6-32 hex digits)' },
    });
    const unknownReq = await app.inject('/data-svc/bb232/sequencers.php?req=dance&devId=AA0001');
    expect(unknownReq.statusCode).toBe(400);
    expect(unknownReq.json<{ error: string }>().error).toBe("Unknown req 'dance'.");

    const signedOut = registryApp(null);
    signedOut.calls.implement(callTable.legacyDevice, {
      devGet: () => ({ devId: 'x', devClass: 'm4315' as const, fwVer: null, settings: {} }),
      sequencers: () => ({ cmdId: 'c1', state: 'sent' as const }),
    });
    const refused = await signedOut.app.inject(
      '/data-svc/settingsManagement/devGet.php?devId=AA0000000001',
    );
    expect(refused.statusCode).toBe(401);
  });

  it('reads a stream’s lastEventId from Last-Event-ID over the query, and checks it', async () => {
    const { app, calls } = registryApp(auth);
    const resumedAfter: (number | undefined)[] = [];
    calls.implement(callTable.alertStream, {
      alertsPusher: ({ input }) => {
        resumedAfter.push(input.lastEventId);
        return (stream) => {
          stream.close();
          return () => undefined;
        };
      },
    });
    const path = '/data-svc/eventPuller/alertsPusher.php';
    await app.inject({ url: `${path}?lastEventId=3`, headers: { 'last-event-id': '5' } });
    await app.inject(`${path}?lastEventId=3`);
    expect(resumedAfter).toEqual([5, 3]);
    const bad = await app.inject({ url: path, headers: { 'last-event-id': 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Last-Event-ID must be an alert id');
  });

  it('in tests, ends a stream at an event outside its contract, before sending it', async () => {
    const { app, calls } = registryApp(auth);
    calls.implement(callTable.alertStream, {
      alertsPusher: () => (stream) => {
        stream.send({ id: 1, data: push(1) });
        stream.send({ id: 2, data: { ...push(2), unread: -1 } });
        stream.send({ id: 3, data: push(3) });
        return () => undefined;
      },
    });
    const response = await app.inject('/data-svc/eventPuller/alertsPusher.php');
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/^id: \d+$/gm)).toEqual(['id: 1']);
  });
});
