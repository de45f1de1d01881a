import { describe, expect, it, vi } from 'vitest';
import { createCommandRegistry } from './command-registry';

describe('command registry', () => {
  it('calls back once the command is final', () => {
    const registry = createCommandRegistry();
    const onFinal = vi.fn();
    registry.watch({ cmdId: 'a', state: 'sent' }, onFinal);
    registry.report({ cmdId: 'a', state: 'acknowledged' });
    expect(onFinal).not.toHaveBeenCalled();
    registry.report({ cmdId: 'a', state: 'failed', error: 'no' });
    expect(onFinal).toHaveBeenCalledWith({ cmdId: 'a', state: 'failed', error: 'no' });
  });

  it('keeps a result that arrives before the POST answered', () => {
    const registry = createCommandRegistry();
    registry.report({ cmdId: 'b', state: 'done' });
    const onFinal = vi.fn();
    registry.watch({ cmdId: 'b', state: 'sent' }, onFinal);
    expect(onFinal).toHaveBeenCalledWith({ cmdId: 'b', state: 'done' });
  });
});
