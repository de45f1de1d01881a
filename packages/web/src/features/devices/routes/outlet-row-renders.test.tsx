import type * as mantine from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { buildMeta, buildStatus, controlsPath, stubDeviceApi } from '../../../test/devices';

/** Renders of each outlet row's switch, by its accessible name ('Outlet 3 power'). */
const renders = new Map<string, number>();

vi.mock('@mantine/core', async (importOriginal) => {
  const actual = await importOriginal<typeof mantine>();
  function CountedSwitch(props: mantine.SwitchProps) {
    const name = props['aria-label'];
    if (name) renders.set(name, (renders.get(name) ?? 0) + 1);
    return <actual.Switch {...props} />;
  }
  return { ...actual, Switch: Object.assign(CountedSwitch, actual.Switch) };
});

const FIRST_RENDER = { timeout: 15_000 };
/** Live events arrive by the stream's polling fallback, every 2 s. */
const LIVE = { timeout: 8_000 };

const counts = () => Object.fromEntries(renders);
const nowSec = () => Math.floor(Date.now() / 1000);

describe('outlet rows at live status rates (issue 18 item 11)', () => {
  it('a status re-renders only the rows whose shown values it changed', async () => {
    const meta = buildMeta();
    const on8 = Array.from({ length: 8 }, () => true);
    const { events } = stubDeviceApi({ meta, status: { [meta.devId]: buildStatus(on8) } });
    renderRoute(controlsPath(meta));
    const switch3 = await screen.findByRole('switch', { name: 'Outlet 3 power' }, FIRST_RENDER);
    await waitFor(() => expect(switch3).toBeChecked());
    expect(renders.get('Outlet 8 power')).toBeGreaterThan(0);

    // Only the meter changes: no row renders again.
    const before = counts();
    events.push({
      type: 'status',
      devId: meta.devId,
      status: buildStatus(on8, { voltage: 118.04, time: nowSec() + 1 }),
    });
    expect(await screen.findByText('118.0', {}, LIVE)).toBeInTheDocument();
    expect(counts()).toEqual(before);

    // Outlet 3 goes off: its row renders again, the seven others do not.
    const offThree = on8.map((on, index) => index !== 2);
    events.push({
      type: 'status',
      devId: meta.devId,
      status: buildStatus(offThree, { voltage: 118.04, time: nowSec() + 2 }),
    });
    await waitFor(() => expect(switch3).not.toBeChecked(), LIVE);
    const after = counts();
    expect(after['Outlet 3 power']).toBeGreaterThan(before['Outlet 3 power'] ?? 0);
    expect({ ...after, 'Outlet 3 power': 0 }).toEqual({ ...before, 'Outlet 3 power': 0 });
    expect(screen.getByRole('switch', { name: 'Outlet 4 power' })).toBeChecked();
  });
});
