import { describe, expect, it } from 'vitest';
import { CommandProcessor } from './command-processor';
import { buildCommand, buildModel } from './testing';

const json = (value: unknown) => JSON.stringify(value);

describe('command processor', () => {
  it('acks a valid command with its result', async () => {
    const { model, scheduler } = buildModel('c3ip');
    const processor = new CommandProcessor();
    const cmd = buildCommand(
      'setOutlet',
      { otlt: 1, state: 0 },
      { nowMs: scheduler.now(), id: 'a' },
    );
    const ack = processor.handle(model, json(cmd));
    await scheduler.advance(0);
    expect(await ack).toEqual({ id: 'a', ok: true, result: { otlt: 1, state: 0 } });
  });

  it('ignores an expired command: never executed late', async () => {
    const { model, scheduler } = buildModel('c3ip');
    const processor = new CommandProcessor();
    const cmd = buildCommand(
      'setOutlet',
      { otlt: 1, state: 0 },
      { nowMs: scheduler.now(), ttlMs: 1000 },
    );
    await scheduler.advance(1000);
    expect(await processor.handle(model, json(cmd))).toEqual({
      id: cmd.id,
      ok: false,
      error: 'expired',
    });
    expect(processor.executed).toBe(0);
    expect(model.outletStates()[0]).toBe(true);
  });

  it('executes a duplicate id once and answers the redelivery with the first ack', async () => {
    const { model, scheduler } = buildModel('c3ip', { timing: { cycleOffMs: 1000 } });
    const processor = new CommandProcessor();
    const cmd = json(buildCommand('cycleOutlet', { otlt: 2 }, { nowMs: scheduler.now(), id: 'd' }));
    const first = processor.handle(model, cmd);
    const whileRunning = processor.handle(model, cmd);
    await scheduler.advance(2000);
    const ack = await first;
    expect(ack).toMatchObject({ id: 'd', ok: true });
    expect(await whileRunning).toBeUndefined();
    expect(await processor.handle(model, cmd)).toEqual(ack);
    expect(processor.executed).toBe(1);
  });

  it('forgets the oldest ids beyond its bound', async () => {
    const { model, scheduler } = buildModel('c3ip');
    const processor = new CommandProcessor(2);
    for (const id of ['x', 'y', 'z', 'x']) {
      await processor.handle(
        model,
        json(buildCommand('rename', { name: id }, { nowMs: scheduler.now(), id })),
      );
    }
    expect(processor.executed).toBe(4);
  });

  it('refuses unknown svc and invalid args, and drops what it cannot answer', async () => {
    const { model, scheduler } = buildModel('c3ip');
    const processor = new CommandProcessor();
    const expires = scheduler.now() + 1000;
    expect(
      await processor.handle(model, json({ id: 'u', svc: 'selfDestruct', args: {}, expires })),
    ).toEqual({
      id: 'u',
      ok: false,
      error: 'unknown-svc',
    });
    const long = await processor.handle(
      model,
      json({ id: 'n', svc: 'rename', args: { name: 'x'.repeat(41) }, expires }),
    );
    expect(long).toMatchObject({
      id: 'n',
      ok: false,
      error: expect.stringMatching(/^invalid: /) as unknown,
    });
    expect(await processor.handle(model, 'garbage')).toBeUndefined();
    expect(
      await processor.handle(undefined, json(buildCommand('findMe', {}, { nowMs: expires }))),
    ).toMatchObject({
      ok: false,
      error: 'no-such-kid',
    });
  });

  it('refuses or ignores everything when told to', async () => {
    const { model, scheduler } = buildModel('c3ip');
    const processor = new CommandProcessor();
    processor.mode = 'refuse';
    const cmd = buildCommand('rename', { name: 'n' }, { nowMs: scheduler.now() });
    expect(await processor.handle(model, json(cmd))).toMatchObject({ ok: false, error: 'refused' });
    processor.mode = 'ignore';
    expect(await processor.handle(model, json({ ...cmd, id: 'other' }))).toBeUndefined();
    expect(processor.executed).toBe(0);
  });
});
