import type { MantineColor } from '@mantine/core';
import type { ActorKind, EventEntry, EventLogType } from '@powerdeck/domain';
import {
  IconApi,
  IconCalendarTime,
  IconCpu,
  IconRotateClockwise,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

/** The event log's words for its types, actors and results. */

export const EVENT_TYPE_LABELS: Record<EventLogType, string> = {
  outlet: 'Outlet',
  sequence: 'Sequence',
  reboot: 'Reboot',
  connection: 'Online/Offline',
  power: 'Power',
  battery: 'Battery',
  fault: 'Fault',
  firmware: 'Firmware',
  schedule: 'Schedule',
  device: 'Device',
};

export const ACTOR_LABELS: Record<ActorKind, string> = {
  user: 'User',
  schedule: 'Schedule',
  autoReboot: 'Auto-reboot',
  api: 'API',
  device: 'Device',
};

export const ACTOR_ICONS: Record<ActorKind, Icon> = {
  user: IconUser,
  schedule: IconCalendarTime,
  autoReboot: IconRotateClockwise,
  api: IconApi,
  device: IconCpu,
};

type EventResult = NonNullable<EventEntry['result']>;

export const RESULT_BADGES: Record<EventResult, { label: string; color: MantineColor }> = {
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'orange' },
  pending: { label: 'Pending', color: 'blue' },
  partial: { label: 'Partial', color: 'yellow' },
  missed: { label: 'Missed', color: 'gray' },
};
