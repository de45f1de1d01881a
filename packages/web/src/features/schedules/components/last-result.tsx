import { Badge, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatLocationDateTime, type LocationTime, type Schedule } from '@powerdeck/domain';
import {
  fireTargetWords,
  OUTCOME_COLORS,
  OUTCOME_WORDS,
  TARGET_RESULT_WORDS,
} from '../schedule-texts';

/** The last firing as a coloured badge; a click lists each target's result and reason. */
export function LastResult({ schedule, zone }: { schedule: Schedule; zone: LocationTime }) {
  const fire = schedule.lastFire;
  if (!fire) {
    return (
      <Text size="sm" c="dimmed">
        Not run yet
      </Text>
    );
  }
  const words = OUTCOME_WORDS[fire.outcome];
  return (
    <Popover width={320} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={`Last result: ${words}, show details`}>
          <Badge
            color={OUTCOME_COLORS[fire.outcome]}
            variant="light"
            tt="none"
            style={{ cursor: 'pointer' }}
          >
            {words}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {fire.dueAt === null ? 'Run now' : 'Fired'} {formatLocationDateTime(fire.firedAt, zone)}
          </Text>
          {fire.outcome === 'missed' && (
            <Text size="sm" c="dimmed">
              Nothing was sent: the server was not running at the time.
            </Text>
          )}
          {fire.targets.map((target) => (
            <Text key={`${target.devId}/${String(target.otlt)}`} size="sm">
              {fireTargetWords(schedule, target)}: {TARGET_RESULT_WORDS[target.result]}
              {target.error && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  ({target.error})
                </Text>
              )}
            </Text>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
