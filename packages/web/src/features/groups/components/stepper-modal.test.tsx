import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StepperModal } from './stepper-modal';

function Harness({
  blocked,
  onFinish,
  onCancel,
}: {
  blocked: number[];
  onFinish: () => void;
  onCancel: () => void;
}) {
  const [active, setActive] = useState(0);
  return (
    <MantineProvider>
      <StepperModal
        opened
        title="Create Group"
        active={active}
        onStep={setActive}
        onCancel={onCancel}
        onFinish={onFinish}
        steps={['One', 'Two', 'Three'].map((label, index) => ({
          label,
          content: <p>Content {label}</p>,
          disableNextButton: blocked.includes(index),
        }))}
      />
    </MantineProvider>
  );
}

describe('stepper modal', () => {
  it('goes Next and Back, and shows Finish on the last step', async () => {
    const onFinish = vi.fn();
    render(<Harness blocked={[]} onFinish={onFinish} onCancel={() => {}} />);
    expect(await screen.findByText('Content One')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Content Two')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Content One')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it("disables Next and Finish by the step's disableNextButton; Cancel closes", async () => {
    const onCancel = vi.fn();
    render(<Harness blocked={[0]} onFinish={() => {}} onCancel={onCancel} />);
    expect(await screen.findByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
