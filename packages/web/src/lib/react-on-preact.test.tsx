import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
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

// main.tsx takes over a page the server rendered (server-render/) with hydrateRoot.
describe('hydrateRoot on Preact', () => {
  it("keeps the server's nodes, corrects what differs, and makes them work", async () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<section class="stale" data-from="server"><button>Clicked 0</button><p>old text</p></section>';
    document.body.append(container);
    const serverButton = container.querySelector('button');

    hydrateRoot(
      container,
      <section className="fresh">
        <Counter />
        <p>new text</p>
      </section>,
    );

    const section = container.querySelector('section');
    expect(container.querySelector('button')).toBe(serverButton);
    expect(section).toHaveAttribute('class', 'fresh');
    expect(section).not.toHaveAttribute('data-from');
    expect(container.querySelector('p')).toHaveTextContent('new text');
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBe(serverButton);
    container.remove();
  });
});
