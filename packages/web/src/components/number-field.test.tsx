import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField } from './number-field';

/** A field whose value lives in its parent, as in the forms; `seen` records every change. */
function Harness({ initial, seen }: { initial: number | ''; seen: Array<number | ''> }) {
  const [value, setValue] = useState<number | ''>(initial);
  return (
    <MantineProvider>
      <NumberField
        label="Delay"
        suffix="seconds"
        allowDecimal
        min={0}
        max={60}
        step={0.5}
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue(7)}>
        Reset to 7
      </button>
    </MantineProvider>
  );
}

describe('NumberField', () => {
  it('is a named spin button with its limits and step, and shows its unit beside the number', () => {
    render(<Harness initial={3} seen={[]} />);
    const box = screen.getByRole('spinbutton', { name: 'Delay' });
    expect(box).toHaveValue(3);
    expect(box).toHaveAttribute('min', '0');
    expect(box).toHaveAttribute('max', '60');
    expect(box).toHaveAttribute('step', '0.5');
    expect(box).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('seconds')).toBeInTheDocument();
  });

  it('gives numbers as they are typed, keeps what is typed, and gives "" when emptied', async () => {
    const seen: Array<number | ''> = [];
    render(<Harness initial={3} seen={seen} />);
    const box = screen.getByRole('spinbutton', { name: 'Delay' });
    await userEvent.clear(box);
    await userEvent.type(box, '1.50');
    expect(seen).toEqual(['', 1, 1, 1.5, 1.5]);
    expect((box as HTMLInputElement).value).toBe('1.50');
  });

  it('takes a new value from outside, and leaves an out-of-range number for the form to word', async () => {
    const seen: Array<number | ''> = [];
    render(<Harness initial={3} seen={seen} />);
    const box = screen.getByRole('spinbutton', { name: 'Delay' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset to 7' }));
    expect(box).toHaveValue(7);
    await userEvent.clear(box);
    await userEvent.type(box, '99');
    expect(box).toHaveValue(99);
    expect(seen.at(-1)).toBe(99);
  });
});
