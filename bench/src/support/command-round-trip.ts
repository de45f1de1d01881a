import { getDeviceSpec } from '@powerdeck/domain';
import { SseClient } from '@powerdeck/server';
import type { DevicePlan } from '@powerdeck/simulator';
import { ms, percentile } from '../bench';

/** A device commands go to, through one server, with that server's live stream of it open. */
export interface CommandTarget {
  /** The server's base URL. */
  base: string;
  device: DevicePlan;
  stream: SseClient;
}

export interface RoundTrips {
  commands: number;
  /** Until the POST was answered (the command is sent). */
  answered: number[];
  /** Until the command's result (the device's ack) was on the stream. */
  done: number[];
  /** Until the status showing the new outlet state was on the stream. */
  statusSeen: number[];
  failures: string[];
}

/** Devices without kids and with 3 outlets or more: those a set-outlet command suits. */
export function commandable(plan: readonly DevicePlan[]): DevicePlan[] {
  return plan.filter((p) => p.kids.length === 0 && getDeviceSpec(p.devClass).outletCount >= 3);
}

/** Opens the live stream of each device on its server (`base`), as the admin's session. */
export function openTargets(
  devices: readonly { base: string; device: DevicePlan }[],
  cookie: string,
): Promise<CommandTarget[]> {
  return Promise.all(
    devices.map(async ({ base, device }) => ({
      base,
      device,
      stream: await SseClient.open(
        `${base}/data-svc/eventPuller/eventPullerPusher.php?devId=${device.devId}&batch=yes`,
        { cookie },
      ),
    })),
  );
}

/**
 * `commands` set-outlet commands one after another, round robin over the targets (outlet 1
 * toggled each time): POST through the target's server, then its result and the new status on
 * that server's stream. Stops early when `gone()` says the devices are gone.
 */
export async function commandRoundTrips(options: {
  targets: readonly CommandTarget[];
  commands: number;
  siteId: string;
  cookie: string;
  origin: string;
  gone?: () => boolean;
}): Promise<RoundTrips> {
  const { targets, commands, siteId, cookie, origin } = options;
  const trips: RoundTrips = { commands: 0, answered: [], done: [], statusSeen: [], failures: [] };
  const state = new Map<string, boolean>();
  for (let i = 0; i < commands && !(options.gone?.() ?? false); i++) {
    const { base, device, stream: sse } = targets[i % targets.length] as CommandTarget;
    const next = !(state.get(device.devId) ?? true);
    const mark = sse.received.length;
    trips.commands++;
    const t0 = performance.now();
    const response = await fetch(
      `${base}/data-svc/${device.devClass}.deviceControls/data-svc.php?svc=setoutletstate`,
      {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          siteId,
          devClass: device.devClass,
          devId: device.devId,
          otlt: '1',
          state: next ? '1' : '0',
        }).toString(),
      },
    );
    const body = (await response.json()) as { cmdId?: string; error?: string };
    trips.answered.push(performance.now() - t0);
    if (!body.cmdId) {
      trips.failures.push(body.error ?? String(response.status));
      continue;
    }
    try {
      const result = sse.waitFor(
        (e) =>
          e.event.type === 'command' && e.event.cmdId === body.cmdId && e.event.state !== 'sent',
        10_000,
      );
      const status = sse.waitFor(
        (e) =>
          sse.received.indexOf(e) >= mark &&
          e.event.type === 'status' &&
          e.event.status.otlts[0] === next,
        10_000,
      );
      // awaited below, unless the result failed first: no unhandled rejection meanwhile
      status.catch(() => undefined);
      const r = await result;
      trips.done.push(performance.now() - t0);
      await status;
      trips.statusSeen.push(performance.now() - t0);
      if (r.event.type === 'command' && r.event.state !== 'done')
        trips.failures.push(r.event.state);
    } catch (error) {
      trips.failures.push(String(error));
    }
    state.set(device.devId, next);
  }
  return trips;
}

/** The figures both device benchmarks print for a series of round trips. */
export function roundTripFigures(trips: RoundTrips): Record<string, number> {
  return {
    commands: trips.commands,
    'POST answered p50 ms': ms(percentile(trips.answered, 50)),
    'result p50 ms': ms(percentile(trips.done, 50)),
    'result p99 ms': ms(percentile(trips.done, 99)),
    'result max ms': ms(trips.done.length > 0 ? Math.max(...trips.done) : Number.NaN),
    'status change p50 ms': ms(percentile(trips.statusSeen, 50)),
    'status change p99 ms': ms(percentile(trips.statusSeen, 99)),
    'max ms': ms(trips.statusSeen.length > 0 ? Math.max(...trips.statusSeen) : Number.NaN),
    failures: trips.failures.length,
  };
}
