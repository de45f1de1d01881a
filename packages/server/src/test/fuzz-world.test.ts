import { callTable } from '@powerdeck/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CallRegistry } from '../http/contract';
import { createDataSvc } from '../http/data-svc';
import { Prober } from './fuzz-world';

describe('the prober of the fuzz and the authorization matrix', () => {
  it('closes a live stream it opened once its headers are out, as a client going away would', async () => {
    const app = Fastify({ logger: false });
    const dataSvc = createDataSvc(app, {
      authenticate: () =>
        Promise.resolve({
          sessionId: 's1',
          user: {
            userId: 'u1',
            email: 'a@example.com',
            firstName: 'A',
            lastName: 'B',
            tier: 'STANDARD',
          },
        }),
    });
    let ended = 0;
    new CallRegistry(dataSvc).implement(callTable.alertStream, {
      alertsPusher: () => () => () => {
        ended++;
      },
    });
    const prober = new Prober(app);

    const answer = await prober.send({
      method: 'GET',
      url: '/data-svc/eventPuller/alertsPusher.php',
    });

    expect(answer.status).toBe(200);
    expect(prober.streams).toBe(1);
    await expect.poll(() => ended).toBe(1);
    expect(app.sessionStreams.count('s1')).toBe(0);
    await app.close();
  });
});
