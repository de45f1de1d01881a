import { Button, Chip, Group, Input, Stack } from '@mantine/core';
import { DAY_MASKS, decodeDayMask, encodeDayMask, type Weekday } from '@powerdeck/domain';

const PRESETS = [
  { label: 'Every day', mask: DAY_MASKS.everyDay },
  { label: 'Weekdays', mask: DAY_MASKS.weekdays },
  { label: 'Weekend', mask: DAY_MASKS.weekend },
] as const;

/** Monday first, as the list's day names read. */
const DAYS: readonly { weekday: Weekday; label: string }[] = [
  { weekday: 1, label: 'Mon' },
  { weekday: 2, label: 'Tue' },
  { weekday: 3, label: 'Wed' },
  { weekday: 4, label: 'Thu' },
  { weekday: 5, label: 'Fri' },
  { weekday: 6, label: 'Sat' },
  { weekday: 0, label: 'Sun' },
];

/**
 * The days of a schedule (spec §9 day mask): the three presets and a chip per day, both showing
 * the one mask, so a preset checks its days and checking Mon–Fri lights Weekdays.
 */
export function DayPicker({
  mask,
  onChange,
  error,
}: {
  mask: number;
  onChange: (mask: number) => void;
  error?: string;
}) {
  const chosen = decodeDayMask(mask).map(String);
  return (
    <Input.Wrapper label="Days" error={error} withAsterisk>
      <Stack gap={8} mt={4}>
        <Group gap="xs" role="group" aria-label="Day presets">
          {PRESETS.map((preset) => (
            <Button
              key={preset.label}
              size="compact-sm"
              variant={mask === preset.mask ? 'filled' : 'default'}
              aria-pressed={mask === preset.mask}
              onClick={() => onChange(preset.mask)}
            >
              {preset.label}
            </Button>
          ))}
        </Group>
        <Chip.Group
          multiple
          value={chosen}
          onChange={(values) => onChange(encodeDayMask(values.map((v) => Number(v) as Weekday)))}
        >
          <Group gap={6} role="group" aria-label="Days of the week">
            {DAYS.map((day) => (
              <Chip key={day.weekday} value={String(day.weekday)} size="sm">
                {day.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
    </Input.Wrapper>
  );
}
