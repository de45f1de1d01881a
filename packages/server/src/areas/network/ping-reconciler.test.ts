import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/test-app';
import { type DeliveryOutcome, PingReconciler, RESEND_EVERY_MS } from './ping-reconciler';

/** A reconciler over fakes: desired versions in a map, deliveries the test settles by hand. */
function world(desired: Record<string, number>) {
  const clock = new TestClock();
  const stored = new Map(Object.entries(desired));
  const sent: string[] = [];
  const open: ((outcome: DeliveryOutcome) => void)[] = [];
  const bumps: { devId: string; reported: number }[] = [];
  const reconciler = new PingReconciler({
    loadDesired: () => Promise.resolve(new Map(stored)),
    deliver: (devId) => {
      sent.push(devId);
      return new Promise<DeliveryOutcome>((resolve) => open.push(resolve));
    },
    bump: (devId, reported) => {
      bumps.push({ devId, reported });
      stored.set(devId, reported + 1);
      return Promise.resolve(reported + 1);
    },
    clock,
    log: { warn: () => undefined },
  });
  /** Settles every delivery under way with `outcome`. */
  const settle = async (outcome: DeliveryOutcome = 'done') => {
    for (const resolve of open.splice(0)) resolve(outcome);
    await reconciler.idle();
  };
  /** Settles the newest delivery under way only. */
  const settleNewest = async (outcome: DeliveryOutcome) => {
    open.pop()?.(outcome);
    await Promise.resolve();
  };
  return { clock, stored, sent, bumps, reconciler, settle, settleNewest };
}

describe('ping reconciler', () => {
  it('sends again when a report shows an older version than the desired one, not otherwise', async () => {
    const w = world({ A: 3, B: 1 });
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 3);
    w.reconciler.onStatus('B', 1);
    // a device without a configuration is left alone, whatever it runs
    w.reconciler.onStatus('C', 0);
    expect(w.sent).toEqual([]);
    // A restarted without its configuration
    w.reconciler.onStatus('A', 0);
    expect(w.sent).toEqual(['A']);
    await w.settle();
  });

  it('waits 10 s between sends; one still unanswered then does not hold the next back', async () => {
    const w = world({ A: 2 });
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 1);
    w.reconciler.onStatus('A', 1);
    expect(w.sent).toEqual(['A']);
    await w.settle('failed');
    // the command failed, but the next report comes too soon
    w.clock.advance(RESEND_EVERY_MS - 1);
    w.reconciler.onStatus('A', 1);
    expect(w.sent).toEqual(['A']);
    w.clock.advance(1);
    w.reconciler.onStatus('A', 1);
    expect(w.sent).toEqual(['A', 'A']);
    // still unanswered within the gap: nothing beside it
    w.clock.advance(RESEND_EVERY_MS - 1);
    w.reconciler.onStatus('A', 1);
    expect(w.sent).toEqual(['A', 'A']);
    // unanswered ten seconds later (the device reconnected and never got it): sent again
    w.clock.advance(1);
    w.reconciler.onStatus('A', 1);
    expect(w.sent).toEqual(['A', 'A', 'A']);
    await w.settle();
  });

  it('a device refused before sending (inactive) may be tried at its next report', async () => {
    const w = world({ A: 2 });
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 0);
    await w.settle('refused');
    w.reconciler.onStatus('A', 0);
    expect(w.sent).toEqual(['A', 'A']);
    await w.settle();
  });

  it('a device refused while an older send is unanswered is tried at its next report', async () => {
    const w = world({ A: 2 });
    await w.reconciler.refresh();
    // sent to a connection the device has since left: never answered until it expires
    w.reconciler.onStatus('A', 0);
    w.clock.advance(RESEND_EVERY_MS);
    // the device is back, but the server still held it for offline: refused
    w.reconciler.onStatus('A', 0);
    await w.settleNewest('refused');
    expect(w.sent).toEqual(['A', 'A']);
    w.reconciler.onStatus('A', 0);
    expect(w.sent).toEqual(['A', 'A', 'A']);
    await w.settle();
  });

  it('a refused send does not lift the gap of a send started after it', async () => {
    const w = world({ A: 1 });
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 0);
    w.clock.advance(1);
    w.reconciler.saved('A', 2);
    // the save's send is answered; the older one (started first) is refused
    await w.settleNewest('done');
    expect(w.sent).toEqual(['A', 'A']);
    await w.settle('refused');
    w.reconciler.onStatus('A', 0);
    expect(w.sent).toEqual(['A', 'A']);
  });

  it('a save sends at once, beside a re-send under way, and raises the desired version', async () => {
    const w = world({ A: 1 });
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 0);
    w.reconciler.saved('A', 2);
    expect(w.sent).toEqual(['A', 'A']);
    expect(w.reconciler.desiredVersion('A')).toBe(2);
    // a reload that read the database before the save does not take it back
    w.stored.set('A', 1);
    await w.reconciler.refresh();
    expect(w.reconciler.desiredVersion('A')).toBe(2);
    await w.settle();
  });

  it('a device running a newer version than the console made gets ours as a version above it', async () => {
    const w = world({ A: 2 });
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 5);
    await expect.poll(() => w.sent).toEqual(['A']);
    expect(w.bumps).toEqual([{ devId: 'A', reported: 5 }]);
    expect(w.reconciler.desiredVersion('A')).toBe(6);
    await w.settle();
  });

  it('sees a save made on another server at its next reload', async () => {
    const w = world({});
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 0);
    expect(w.sent).toEqual([]);
    w.stored.set('A', 1);
    await w.reconciler.refresh();
    w.reconciler.onStatus('A', 0);
    expect(w.sent).toEqual(['A']);
    await w.settle();
  });
});
