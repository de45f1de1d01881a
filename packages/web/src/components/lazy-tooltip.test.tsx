import { ActionIcon, MantineProvider, Popover } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

function Harness({ onMouseEnter }: { onMouseEnter?: () => void }) {
  return (
    <MantineProvider>
      <LazyTooltip label="Cycle Router" events={{ hover: true, focus: true, touch: false }}>
        <ActionIcon aria-label="Cycle Router" onMouseEnter={onMouseEnter}>
          C
        </ActionIcon>
      </LazyTooltip>
      <button type="button">Elsewhere</button>
    </MantineProvider>
  );
}

function WithPopover() {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <Popover opened={opened} onChange={setOpened}>
        <Popover.Target>
          <LazyTooltip label="Primary contact">
            <ActionIcon aria-label="Primary contact" onClick={() => setOpened((o) => !o)}>
              P
            </ActionIcon>
          </LazyTooltip>
        </Popover.Target>
        <Popover.Dropdown>Contact details</Popover.Dropdown>
      </Popover>
    </MantineProvider>
  );
}

// jsdom lays nothing out, so floating-ui's hide middleware takes every target for hidden
const tooltip = { hidden: true };

describe('LazyTooltip', () => {
  it('is not set up before its target is pointed at, then opens at once and closes on leave', async () => {
    const entered = vi.fn();
    render(<Harness onMouseEnter={entered} />);
    const target = screen.getByRole('button', { name: 'Cycle Router' });
    expect(screen.queryByRole('tooltip', tooltip)).not.toBeInTheDocument();

    await userEvent.hover(target);
    expect(await screen.findByRole('tooltip', tooltip)).toHaveTextContent('Cycle Router');
    // the target is the same element, and its own handler still runs
    expect(screen.getByRole('button', { name: 'Cycle Router' })).toBe(target);
    expect(entered).toHaveBeenCalledTimes(1);

    await userEvent.unhover(target);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip', tooltip)).not.toBeInTheDocument());
    await userEvent.hover(target);
    expect(await screen.findByRole('tooltip', tooltip)).toBeInTheDocument();
  });

  it('opens on keyboard focus when its events say so', async () => {
    render(<Harness />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cycle Router' })).toHaveFocus();
    expect(await screen.findByRole('tooltip', tooltip)).toHaveTextContent('Cycle Router');
  });

  it('passes a wrapper’s ref and props on to its target (a popover’s target)', async () => {
    render(<WithPopover />);
    const target = screen.getByRole('button', { name: 'Primary contact' });
    expect(target).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(target);
    expect(target).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Contact details')).toBeInTheDocument();
    expect(await screen.findByRole('tooltip', tooltip)).toHaveTextContent('Primary contact');
  });
});
