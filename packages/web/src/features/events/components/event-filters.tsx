import { Button, Group, Select, TextInput } from '@mantine/core';
import { ACTOR_KINDS, EVENT_LOG_TYPES, type ActorKind, type EventLogType } from '@powerdeck/domain';
import { IconDownload } from '@tabler/icons-react';
import type { EventFilters } from '../api/event-logs';
import { ACTOR_LABELS, EVENT_TYPE_LABELS } from './event-labels';

/** A device the filter offers (a kid names its parent). */
export interface DeviceOption {
  value: string;
  label: string;
}

const TYPE_OPTIONS = EVENT_LOG_TYPES.map((type) => ({
  value: type,
  label: EVENT_TYPE_LABELS[type],
}));
const ACTOR_OPTIONS = ACTOR_KINDS.map((kind) => ({ value: kind, label: ACTOR_LABELS[kind] }));

const isType = (value: string | null): value is EventLogType =>
  (EVENT_LOG_TYPES as readonly (string | null)[]).includes(value);
const isActor = (value: string | null): value is ActorKind =>
  (ACTOR_KINDS as readonly (string | null)[]).includes(value);

/**
 * The filters row: device (left out where the page is one device's), type, actor and the date
 * range, with the CSV export of what they show.
 */
export function EventFiltersRow({
  filters,
  onChange,
  devices,
  exportUrl,
}: {
  filters: EventFilters;
  onChange: (filters: EventFilters) => void;
  devices?: readonly DeviceOption[];
  exportUrl: string;
}) {
  const set = (change: Partial<EventFilters>) => onChange({ ...filters, ...change });
  const filtered =
    (devices !== undefined && filters.devId !== undefined) ||
    filters.type !== undefined ||
    filters.actor !== undefined ||
    filters.from !== undefined ||
    filters.to !== undefined;
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      {devices && (
        <Select
          label="Device"
          placeholder="All devices"
          data={devices as DeviceOption[]}
          value={filters.devId ?? null}
          onChange={(value) => set({ devId: value ?? undefined })}
          clearable
          searchable
          w={180}
        />
      )}
      <Select
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={filters.type ?? null}
        onChange={(value) => set({ type: isType(value) ? value : undefined })}
        clearable
        w={140}
      />
      <Select
        label="By"
        placeholder="Anyone"
        data={ACTOR_OPTIONS}
        value={filters.actor ?? null}
        onChange={(value) => set({ actor: isActor(value) ? value : undefined })}
        clearable
        w={130}
      />
      <TextInput
        label="From"
        type="date"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => set({ from: event.currentTarget.value || undefined })}
        w={140}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => set({ to: event.currentTarget.value || undefined })}
        w={140}
      />
      {filtered && (
        <Button
          variant="subtle"
          px="xs"
          aria-label="Clear filters"
          onClick={() =>
            onChange({ siteId: filters.siteId, ...(devices ? {} : { devId: filters.devId }) })
          }
        >
          Clear
        </Button>
      )}
      <Button
        component="a"
        href={exportUrl}
        download
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        ml="auto"
      >
        Export CSV
      </Button>
    </Group>
  );
}
