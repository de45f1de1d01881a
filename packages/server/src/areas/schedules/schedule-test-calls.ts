import type { FastifyInstance } from 'fastify';
import type { DeviceWorld } from '../../test/devices';
import { TEST_ORIGIN } from '../../test/test-app';

export type Who = keyof DeviceWorld['cookies'];

/** The schedule calls of a test app, as a role of a device world makes them (tests only). */
export function scheduleCalls(
  app: FastifyInstance,
  world: Pick<DeviceWorld, 'siteId' | 'cookies'>,
) {
  const url = (svc: string, query = '') =>
    `/data-svc/scheduleManagement/data-svc.php?svc=${svc}${query}`;
  return {
    post: (who: Who, svc: string, body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: url(svc),
        headers: { cookie: world.cookies[who], origin: TEST_ORIGIN },
        payload: body,
      }),
    list: (who: Who, devId?: string) =>
      app.inject({
        url: url('listSchedules', `&siteId=${world.siteId}${devId ? `&devId=${devId}` : ''}`),
        headers: { cookie: world.cookies[who] },
      }),
  };
}
