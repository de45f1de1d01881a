import { DEVICE_CLASSES } from '@powerdeck/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfig, renderRoute, signedInUser, stubApi } from '../../../test/render';

function renderHelp(path: string) {
  stubApi({
    public: { body: { ...publicConfig, supportPhone: '18005550100' } },
    session: { body: { user: signedInUser } },
  });
  return renderRoute(path);
}

describe('help and support', () => {
  it('lists every device class of the catalog and the support contact', async () => {
    renderHelp('/helpAndSupport');
    expect(
      await screen.findByRole('link', { name: 'support@example.com' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', 'mailto:support@example.com');
    expect(screen.getByRole('link', { name: '18005550100' })).toBeInTheDocument();
    for (const devClass of DEVICE_CLASSES) {
      expect(screen.getAllByRole('link', { name: devClass }).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Switch or cycle an outlet')).toBeInTheDocument();
  });

  it('shows one class with its outlets, parent and children', async () => {
    renderHelp('/helpAndSupport/devices/cv2');
    expect(await screen.findByRole('heading', { name: /^cv2/ })).toBeInTheDocument();
    expect(screen.getByText('Children')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'km4315' })).toBeInTheDocument();
  });

  it('says so for an unknown class', async () => {
    renderHelp('/helpAndSupport/devices/nope');
    expect(await screen.findByText('There is no device class named "nope".')).toBeInTheDocument();
  });
});
