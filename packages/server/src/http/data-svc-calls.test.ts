import { callTable } from '@powerdeck/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CallRegistry } from './contract';
import { createDataSvc } from './data-svc';

const never = () => {
  throw new Error('not called');
};

describe('the listing of the calls an app serves (what the fuzz and the matrix walk)', () => {
  it('lists the calls at their own path and the live streams too, with how to reach them', () => {
    const app = Fastify({ logger: false });
    const dataSvc = createDataSvc(app, { authenticate: () => Promise.resolve(null) });
    const calls = new CallRegistry(dataSvc);
    calls.implement(callTable.config, { public: never });
    calls.implement(callTable.legacyDevice, { devGet: never, sequencers: never });
    calls.implement(callTable.alertStream, { alertsPusher: never });

    const listed = dataSvc.calls();
    expect(listed.map((c) => [c.svc, c.path, c.methods, c.public, c.stream])).toEqual([
      ['public', '/data-svc/config/data-svc.php', ['GET'], true, false],
      [null, '/data-svc/settingsManagement/devGet.php', ['GET'], false, false],
      [null, '/data-svc/bb232/sequencers.php', ['GET'], false, false],
      [null, '/data-svc/eventPuller/alertsPusher.php', ['GET'], false, true],
    ]);
    const devGet = listed[1];
    expect(devGet?.area).toBe('settingsManagement');
    expect(devGet?.areas).toEqual(['settingsManagement']);
    expect(devGet?.paths).toEqual(['/data-svc/settingsManagement/devGet.php']);
    expect(devGet?.input).toBe(callTable.legacyDevice.devGet.input);
    expect(app.dataSvcCalls()).toEqual(listed);
  });

  it('lists a call served under several areas once, with the path under each', () => {
    const app = Fastify({ logger: false });
    const dataSvc = createDataSvc(app, { authenticate: () => Promise.resolve(null) });
    const handlers = Object.fromEntries(
      Object.keys(callTable.deviceControls).map((name) => [name, never]),
    );
    new CallRegistry(dataSvc).implement(callTable.deviceControls, handlers as never);
    const [first] = dataSvc.calls();
    expect(first?.areas.length).toBeGreaterThan(1);
    expect(first?.paths).toEqual(first?.areas.map((a) => `/data-svc/${a}/data-svc.php`));
    expect(first?.path).toBe(first?.paths[0]);
  });
});
