import { Button, Checkbox, Group, Modal, MultiSelect, Radio, Stack } from '@mantine/core';
import type { SiteSort } from '@powerdeck/domain';
import { useState } from 'react';
import { useClientOptions } from '../api/get-client-options';
import { NO_FILTERS, type SiteFilters } from '../api/get-sites-data';

const SORT_LABELS: Record<SiteSort, string> = {
  alphabetical: 'Alphabetical',
  creation: 'Creation',
  recentVisit: 'Recent visit',
};

/** Refine modal (spec §2): sort by alphabetical, creation or recent visit; status active; clients. */
export function RefineModal({
  opened,
  filters,
  onClose,
  onApply,
}: {
  opened: boolean;
  filters: SiteFilters;
  onClose: () => void;
  onApply: (filters: SiteFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const clients = useClientOptions(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Refine" closeOnClickOutside={false} centered>
      <Stack>
        <Radio.Group
          label="Sort by"
          value={draft.sortBy}
          onChange={(value) => setDraft({ ...draft, sortBy: value })}
        >
          <Stack gap={6} mt={6}>
            {(Object.keys(SORT_LABELS) as SiteSort[]).map((sort) => (
              <Radio key={sort} value={sort} label={SORT_LABELS[sort]} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox
          label="Status: active only"
          checked={draft.activeOnly}
          onChange={(e) => setDraft({ ...draft, activeOnly: e.currentTarget.checked })}
        />
        <MultiSelect
          label="Clients"
          placeholder="All clients"
          data={clients.data ?? []}
          value={draft.clientIds}
          onChange={(clientIds) => setDraft({ ...draft, clientIds })}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setDraft(NO_FILTERS)}>
            Reset
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                onApply(draft);
                onClose();
              }}
            >
              Apply
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
