import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checklist, type ChecklistItem } from './checklist';

const people: ChecklistItem[] = [
  {
    id: 'me',
    name: 'Olive Owner',
    email: 'owner@example.com',
    defaultPermission: 'owner',
    checked: true,
  },
  {
    id: 'a',
    name: 'Adam Alvarez',
    email: 'admin@example.com',
    defaultPermission: 'ADMIN',
    checked: false,
  },
  {
    id: 'i',
    name: 'Ines Ivanova',
    email: 'installer@example.com',
    defaultPermission: 'installer',
    checked: false,
  },
];

function Harness({ onChange }: { onChange: (items: ChecklistItem[]) => void }) {
  const [items, setItems] = useState(people);
  return (
    <MantineProvider>
      <Checklist
        label="Users"
        items={items}
        disabledId="me"
        onChange={(next) => {
          setItems(next);
          onChange(next);
        }}
      />
    </MantineProvider>
  );
}

describe('admin checklist', () => {
  it("disables the logged-in user's row and marks admins with (admin)", () => {
    render(<Harness onChange={() => {}} />);
    expect(screen.getByRole('checkbox', { name: /Olive Owner/ })).toBeDisabled();
    expect(screen.getByText(/Adam Alvarez \(admin\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Ines Ivanova \(admin\)/)).not.toBeInTheDocument();
  });

  it('Select All checks every row but the disabled one, and unchecks them again', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith(people.map((p) => ({ ...p, checked: true })));
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith(
      people.map((p) => ({ ...p, checked: p.id === 'me' })),
    );
  });

  it('checks a single row', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Ines Ivanova/ }));
    expect(onChange.mock.lastCall?.[0]).toContainEqual({ ...people[2], checked: true });
    expect(screen.getByRole('checkbox', { name: 'Select All' })).not.toBeChecked();
  });
});
