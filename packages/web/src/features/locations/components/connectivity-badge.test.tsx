import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectivityBadge, connectivityOf } from './connectivity-badge';

describe('connectivity badge', () => {
  it('is green with at least one active device, red with none', () => {
    expect(connectivityOf({ total: 3, active: 1, inActive: 2 }, false)).toBe('connected');
    expect(connectivityOf({ total: 3, active: 0, inActive: 3 }, false)).toBe('disconnected');
  });

  it("is grey 'Checking Network...' while the counts are unknown", () => {
    expect(connectivityOf(undefined, false)).toBe('checking');
    render(
      <MantineProvider>
        <ConnectivityBadge state="checking" />
      </MantineProvider>,
    );
    expect(screen.getByText('Checking Network...')).toBeInTheDocument();
  });

  it('is grey when the count call failed', () => {
    expect(connectivityOf(undefined, true)).toBe('unknown');
  });
});
