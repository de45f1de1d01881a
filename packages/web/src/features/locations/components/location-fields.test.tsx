import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { LocationFields, type LocationFieldsProps } from './location-fields';

interface Values {
  name: string;
  installDate: string;
  timezone: string;
  dst: boolean | 'yes' | 'no';
  viewpref: string;
  zip: string;
}

function Harness({
  dstFormat,
  disabled,
}: Pick<LocationFieldsProps<Values, unknown, Values>, 'dstFormat' | 'disabled'>) {
  const form = useForm<Values>({
    defaultValues: {
      name: '',
      installDate: '',
      timezone: '-8.00',
      dst: dstFormat === 'boolean' ? false : 'no',
      viewpref: 'outlet_controls',
      zip: '',
    },
  });
  const dst = useWatch({ control: form.control, name: 'dst' });
  return (
    <MantineProvider>
      <LocationFields
        section="general"
        form={form}
        names={{
          name: 'name',
          installDate: 'installDate',
          viewPref: 'viewpref',
          zipCode: 'zip',
          dst: 'dst',
        }}
        error={() => undefined}
        dstFormat={dstFormat}
        timezones={[{ value: '-8.00', label: '(GMT-08:00) Pacific Time' }]}
        timezoneFallback="-8.00"
        disabled={disabled}
      />
      <output>{JSON.stringify(dst)}</output>
    </MantineProvider>
  );
}

describe('LocationFields', () => {
  it('keeps DST as a boolean for the wizard', async () => {
    render(<Harness dstFormat="boolean" />);
    await userEvent.click(screen.getByLabelText('Daylight Saving Time'));
    expect(screen.getByRole('status')).toHaveTextContent('true');
    await userEvent.click(screen.getByLabelText('Daylight Saving Time'));
    expect(screen.getByRole('status')).toHaveTextContent('false');
  });

  it("keeps DST as 'yes' / 'no' for the settings", async () => {
    render(<Harness dstFormat="yes-no" />);
    expect(screen.getByLabelText('Daylight Saving Time')).not.toBeChecked();
    await userEvent.click(screen.getByLabelText('Daylight Saving Time'));
    expect(screen.getByRole('status')).toHaveTextContent('"yes"');
    expect(screen.getByLabelText('Daylight Saving Time')).toBeChecked();
  });

  it('disables the drop-downs when the form is read-only', () => {
    render(<Harness dstFormat="yes-no" disabled />);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Device view preference' })).toBeDisabled();
  });
});
