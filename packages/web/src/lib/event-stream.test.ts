import { type LiveEventEnvelope, callTable } from '@powerdeck/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';
import { FakeEventSource } from '../test/fake-event-source';

const envelope = (seq: number): LiveEventEnvelope => ({
  seq,
  at: 1_714_564_800_000,
  event: { type: 'resync', devId: 'AA0000000001' },
});

const device = { devClass: 'm4315', devId: 'AA0000000001', batch: 'yes' };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openEventStream', () => {
  it('opens the table entry’s path with its input, without svc, and passes on only events of its schema', () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const events: LiveEventEnvelope[] = [];
    const close = openEventStream(callTable.deviceStreams.eventPullerPusher, device, {
      onEvent: (e) => events.push(e),
    });
    const source = FakeEventSource.opened[0];
    expect(source?.url).toBe(
      '/data-svc/eventPuller/eventPullerPusher.php?devClass=m4315&devId=AA0000000001&batch=yes',
    );
    expect(source?.init).toEqual({ withCredentials: true });
    source?.message(envelope(1));
    source?.message({ seq: 'not a number' });
    expect(events).toEqual([envelope(1)]);
    close();
    expect(source?.closed).toBe(true);
  });

  it('polls while the stream is down, not while it is open', async () => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const poll = vi.fn(() => Promise.resolve([envelope(2)]));
    const events: LiveEventEnvelope[] = [];
    const changes: boolean[] = [];
    const close = openEventStream(callTable.deviceStreams.eventPullerPusher, device, {
      onEvent: (e) => events.push(e),
      onStreamChange: (open) => changes.push(open),
      poll: { everyMs: 2_000, events: poll },
    });
    const source = FakeEventSource.opened[0];
    source?.onopen?.();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(poll).not.toHaveBeenCalled();
    source?.onerror?.();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(events).toEqual([envelope(2), envelope(2)]);
    source?.onopen?.();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(changes).toEqual([true, false, true]);
    close();
  });

  it('only polls where EventSource is missing, or when told not to push', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', undefined);
    const poll = vi.fn(() => Promise.reject(new Error('offline')));
    const close = openEventStream(callTable.deviceStreams.eventPullerPusher, device, {
      onEvent: () => undefined,
      poll: { everyMs: 2_000, events: poll },
    });
    await vi.advanceTimersByTimeAsync(4_000);
    // a failed round does not stop the polling (spec §4)
    expect(poll).toHaveBeenCalledTimes(2);
    close();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });
});
