import { NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import type { UserSiteRecord } from '@powerdeck/domain';

/** The notes screen's first column: locations where the user may keep notes (CLIENT hidden). */
export function NotesLocationList({
  locations,
  selected,
  onSelect,
}: {
  locations: readonly UserSiteRecord[];
  selected: string | null;
  onSelect: (siteId: string) => void;
}) {
  return (
    <Paper withBorder radius="md" p={0}>
      <Text fw={600} size="sm" px="sm" py="xs" bg="var(--pd-color-surface-muted)">
        Locations
      </Text>
      <ScrollArea.Autosize mah={520}>
        <nav aria-label="Note locations">
          {locations.map((location) => (
            // a button: a link without an address is not reachable by keyboard
            <NavLink
              component="button"
              type="button"
              key={location.siteId}
              label={location.name}
              active={location.siteId === selected}
              aria-current={location.siteId === selected ? 'true' : undefined}
              onClick={() => onSelect(location.siteId)}
            />
          ))}
        </nav>
      </ScrollArea.Autosize>
    </Paper>
  );
}
