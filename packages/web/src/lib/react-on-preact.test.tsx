import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { describe, expect, it } from 'vitest';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;
}

function Panel({ mode }: { mode: 'visible' | 'hidden' }) {
  return (
    <Activity mode={mode}>
      <Counter />
    </Activity>
  );
}

// Mantine leaves <Activity> out in its test environment, so the component tests never meet it:
// what it must do (React 19's contract) is checked here, on the console's build of 'react'.
describe('Activity on Preact', () => {
  it('hides its children while hidden and keeps their state for when they show again', async () => {
    const { rerender } = render(<Panel mode="visible" />);
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeVisible();

    rerender(<Panel mode="hidden" />);
    expect(screen.getByText('Clicked 1')).not.toBeVisible();

    rerender(<Panel mode="visible" />);
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
  });

  it('takes no part in the layout while shown', () => {
    render(<Panel mode="visible" />);
    expect(screen.getByRole('button').parentElement).toHaveStyle({ display: 'contents' });
  });
});
