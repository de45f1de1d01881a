import { Checkbox, Divider, ScrollArea, Stack, Text } from '@mantine/core';

export interface ChecklistItem {
  id: string;
  name: string;
  email?: string;
  defaultPermission?: string;
  checked: boolean;
}

export interface ChecklistProps {
  items: readonly ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
  /** The logged-in user's row: shown checked and disabled. */
  disabledId?: string;
  label: string;
}

const isAdmin = (item: ChecklistItem) => item.defaultPermission?.toLowerCase() === 'admin';

/** The admin checklist (spec §2): 'Select All', one row per item, '(admin)' for admins. */
export function Checklist({ items, onChange, disabledId, label }: ChecklistProps) {
  const selectable = items.filter((item) => item.id !== disabledId);
  const allChecked = selectable.length > 0 && selectable.every((item) => item.checked);
  const someChecked = selectable.some((item) => item.checked);
  const setAll = (checked: boolean) =>
    onChange(items.map((item) => (item.id === disabledId ? item : { ...item, checked })));
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Checkbox
        label="Select All"
        checked={allChecked}
        indeterminate={someChecked && !allChecked}
        disabled={selectable.length === 0}
        onChange={(event) => setAll(event.currentTarget.checked)}
      />
      <Divider />
      <ScrollArea.Autosize mah={280}>
        <Stack gap={6}>
          {items.map((item) => (
            <Checkbox
              key={item.id}
              checked={item.checked}
              disabled={item.id === disabledId}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                onChange(items.map((i) => (i.id === item.id ? { ...i, checked } : i)));
              }}
              label={
                <Text size="sm" span>
                  {item.name}
                  {isAdmin(item) && ' (admin)'}
                  {item.email && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {item.email}
                    </Text>
                  )}
                </Text>
              }
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
