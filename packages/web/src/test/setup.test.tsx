import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';

function Probe({ name, seen }: { name: string; seen: string[] }) {
  useEffect(() => {
    seen.push(name);
  }, [name, seen]);
  return null;
}

// The setup's scheduler for Preact's effects (setup.ts): rendered outside act(), as a fetch's or a
// timer's update is, with a test's fake timers switched on and off in between.
describe('effects in the component tests', () => {
  it("run after a render even when a test's fake timers were dropped meanwhile", async () => {
    const seen: string[] = [];
    const root = createRoot(document.createElement('div'));
    vi.useFakeTimers();
    root.render(<Probe name="under fake timers" seen={seen} />);
    vi.useRealTimers();
    root.render(<Probe name="after them" seen={seen} />);
    await vi.waitFor(() => expect(seen).toContain('after them'));
    root.unmount();
  });
});
