import { parseDiscoverEvent } from '@powerdeck/domain';
import { describe, expect, it } from 'vitest';
import { buildCommand, buildModel } from '../testing';
import { addKid, addUndiscovered, createModel } from './registry';
import { TEST_TIMING } from './types';

// TEST_TIMING: each short step of a discovery takes 20 ms, the scan of the bus 50 ms.
const STEP_MS = TEST_TIMING.discoverStepMs;
const SCAN_MS = TEST_TIMING.discoverScanMs;

/** A bb232 with one known sequencer and one on its bus that it has not reported yet. */
function adapter() {
  const h = buildModel('bb232', { devId: '1065A3000100' });
  const unit = (devId: string, devClass: 'cn1800' | 'cnmp20', name: string) =>
    createModel({ devId, devClass, name, seed: 3, scheduler: h.scheduler, timing: TEST_TIMING });
  addKid(h.model, unit('1065A3000101', 'cn1800', 'Amp rack'));
  addUndiscovered(h.model, unit('1065A3000102', 'cnmp20', 'New rack'));
  const discover = () =>
    h.model.execute(buildCommand('discover', {}, { nowMs: h.scheduler.now() }));
  const phases = () => h.events.filter((e) => e.type === 'discover').map((e) => e.value);
  return { h, discover, phases };
}

describe('discovery of attached units', () => {
  it('goes through its phases and answers every unit on the bus, the new one included', async () => {
    const { h, discover, phases } = adapter();
    const answer = discover();
    expect(phases()).toEqual(['starting']);
    await h.scheduler.advance(STEP_MS);
    expect(phases()).toEqual(['starting', 'scanning']);
    await h.scheduler.advance(SCAN_MS);
    expect(phases()).toEqual(['starting', 'scanning', 'found:2']);
    await h.scheduler.advance(STEP_MS);
    expect(phases()).toEqual(['starting', 'scanning', 'found:2', 'done']);
    expect(phases().map(parseDiscoverEvent)).toEqual([
      { phase: 'starting' },
      { phase: 'scanning' },
      { phase: 'found', found: 2 },
      { phase: 'done' },
    ]);
    expect(await answer).toEqual({
      ok: true,
      result: {
        units: [
          { devId: '1065A3000101', devClass: 'cn1800', name: 'Amp rack' },
          { devId: '1065A3000102', devClass: 'cnmp20', name: 'New rack' },
        ],
      },
    });
    // the new unit is a kid from now on, announced a moment after the answer
    expect(h.model.kids.map((k) => k.devId)).toEqual(['1065A3000101', '1065A3000102']);
    expect(h.model.undiscovered).toEqual([]);
    expect(h.kidsAdded).toEqual([]);
    await h.scheduler.advance(STEP_MS);
    expect(h.kidsAdded).toEqual(['1065A3000102']);
  });

  it('finds the same units again without announcing any twice', async () => {
    const { h, discover } = adapter();
    const first = discover();
    await h.scheduler.advance(STEP_MS * 3 + SCAN_MS);
    await first;
    const second = discover();
    await h.scheduler.advance(STEP_MS * 3 + SCAN_MS);
    const outcome = await second;
    expect(outcome.ok && (outcome.result as { units: unknown[] }).units).toHaveLength(2);
    expect(h.kidsAdded).toEqual(['1065A3000102']);
  });

  it('answers busy while a scan runs', async () => {
    const { h, discover } = adapter();
    const first = discover();
    await h.scheduler.advance(STEP_MS);
    expect(await discover()).toEqual({ ok: false, error: 'busy' });
    await h.scheduler.advance(STEP_MS * 2 + SCAN_MS);
    expect((await first).ok).toBe(true);
  });

  it('fails with the reason a fault gives, until the fault is cleared', async () => {
    const { h, discover, phases } = adapter();
    h.model.discoveryFault = 'noBus';
    const answer = discover();
    await h.scheduler.advance(STEP_MS + SCAN_MS);
    expect(await answer).toEqual({ ok: false, error: 'noBus' });
    expect(phases()).toEqual(['starting', 'scanning', 'failed:noBus']);
    expect(parseDiscoverEvent(phases().at(-1))).toEqual({ phase: 'failed', reason: 'noBus' });
    expect(h.model.kids).toHaveLength(1);

    h.model.discoveryFault = undefined;
    const again = discover();
    await h.scheduler.advance(STEP_MS * 2 + SCAN_MS);
    expect((await again).ok).toBe(true);
  });

  it('never finishes a scan that times out: no answer, no further phase', async () => {
    const { h, discover, phases } = adapter();
    h.model.discoveryFault = 'timedOut';
    let answered = false;
    void discover().then(() => (answered = true));
    await h.scheduler.advance(60_000);
    expect(answered).toBe(false);
    expect(phases()).toEqual(['starting', 'scanning']);
    expect(h.model.kids).toHaveLength(1);
  });

  it('a class without attached units does not scan', async () => {
    const h = buildModel('m4315');
    const outcome = await h.model.execute(buildCommand('discover', {}, { nowMs: 0 }));
    expect(outcome).toEqual({ ok: false, error: 'notSupported' });
    expect(h.events).toEqual([]);
  });

  it('a unit on the bus must be one the catalog lets attach', () => {
    const { h } = adapter();
    const plug = createModel({
      devId: '1065A3000103',
      devClass: 'sp1000',
      seed: 1,
      scheduler: h.scheduler,
    });
    expect(() => addUndiscovered(h.model, plug)).toThrow(/cannot attach/);
    const twin = createModel({
      devId: '1065A3000102',
      devClass: 'cn1800',
      seed: 1,
      scheduler: h.scheduler,
    });
    expect(() => addKid(h.model, twin)).toThrow(/already attached/);
  });
});
