import { energySettingsMessages } from '@powerdeck/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubApi } from '../../../../test/render';
import { EnergySection } from './energy-section';

function open() {
  stubApi({
    energy: {
      body: {
        monthlyBudget: 0,
        rates: [{ season: 'Summer', startMonth: 6, endMonth: 9, rate: 0.24 }],
      },
    },
  });
  renderRoute('/', [{ path: '/', element: <EnergySection siteId="s1" canEdit /> }]);
}

describe('Location Settings: energy management', () => {
  it('says under a field what is wrong with it, and saves only once nothing is', async () => {
    open();
    const from = await screen.findByRole('spinbutton', { name: 'From month' });
    const save = screen.getByRole('button', { name: 'Save rates' });

    await userEvent.clear(from);
    await userEvent.type(from, '13');
    expect(await screen.findByText(energySettingsMessages.month)).toBeInTheDocument();
    expect(save).toBeDisabled();

    const rate = screen.getByRole('spinbutton', { name: 'Rate' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '150');
    expect(await screen.findByText(energySettingsMessages.rateMax)).toBeInTheDocument();

    // an emptied box stays empty (it was turned into 0, so typing 7 showed "07") and is worded
    await userEvent.clear(from);
    expect((from as HTMLInputElement).value).toBe('');
    expect(await screen.findByText(energySettingsMessages.month)).toBeInTheDocument();
    await userEvent.type(from, '7');
    expect((from as HTMLInputElement).value).toBe('7');
    await userEvent.clear(rate);
    await userEvent.type(rate, '0.3');
    expect(screen.queryByText(energySettingsMessages.month)).not.toBeInTheDocument();
    expect(screen.queryByText(energySettingsMessages.rateMax)).not.toBeInTheDocument();
    expect(save).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    const seasons = screen.getAllByRole('textbox', { name: 'Season' });
    expect(seasons).toHaveLength(2);
    const added = seasons[1]?.closest('.mantine-TextInput-root') as HTMLElement;
    expect(within(added).getByText(energySettingsMessages.season)).toBeInTheDocument();
    expect(save).toBeDisabled();
  });
});
