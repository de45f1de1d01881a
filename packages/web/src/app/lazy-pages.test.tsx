import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyNamed } from './lazy-pages';

const chunk = () => Promise.resolve({ HelloPage: () => <p>hello</p> });

function renderInSuspense(Page: ReturnType<typeof lazyNamed>) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyNamed', () => {
  it('renders a page whose chunk was preloaded at once, without its fallback', async () => {
    const Page = lazyNamed(chunk, 'HelloPage');
    await Page.preload();

    renderInSuspense(Page);

    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('shows the fallback until a page not yet loaded arrives, loading its chunk once', async () => {
    let loads = 0;
    const Page = lazyNamed(() => {
      loads += 1;
      return chunk();
    }, 'HelloPage');

    renderInSuspense(Page);

    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello')).toBeInTheDocument();
    await Page.preload();
    expect(loads).toBe(1);
  });
});
