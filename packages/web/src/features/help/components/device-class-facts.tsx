import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { DeviceClass, DeviceSpec } from '@powerdeck/domain';
import { Link } from 'react-router';
import { deviceHelpPath } from '../../../lib/paths';

const PANEL_LABELS: Record<keyof DeviceSpec['panels'], string> = {
  meter: 'Meter',
  wattage: 'Wattage',
  battery: 'Battery',
  findMe: 'Find Me',
  infoButton: 'Info',
  reboot: 'Reboot',
  outlets: 'Outlets',
};

export function panelNames(spec: DeviceSpec): string[] {
  return (Object.keys(PANEL_LABELS) as (keyof DeviceSpec['panels'])[])
    .filter((panel) => spec.panels[panel])
    .map((panel) => PANEL_LABELS[panel]);
}

export function ClassLinks({ classes }: { classes: readonly DeviceClass[] }) {
  if (classes.length === 0)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      {classes.map((c) => (
        <Anchor key={c} component={Link} to={deviceHelpPath(c)} size="sm">
          {c}
        </Anchor>
      ))}
    </Group>
  );
}

/** Everything the catalog says about one class, as a two-column table. */
export function DeviceClassFacts({ spec }: { spec: DeviceSpec }) {
  const rows: [string, React.ReactNode][] = [
    ['Type', spec.displayName],
    ['Family', spec.family],
    ['Outlets', spec.outletCount === 0 ? 'On its attached devices' : String(spec.outletCount)],
    ['Labels per outlet', String(spec.bankLabelCount)],
    ['Identified by', spec.idLabel],
    [
      'Panels',
      <Group key="p" gap={4}>
        {panelNames(spec).map((p) => (
          <Badge key={p} variant="light">
            {p}
          </Badge>
        ))}
      </Group>,
    ],
    ['Sequence', spec.sequence ? `Yes (${spec.sequence.groupLabel})` : 'No'],
    ['Added by', spec.wireless ? 'Joining through a wireless gateway' : 'MAC ID and challenge key'],
    ['Parent', <ClassLinks key="parent" classes={spec.parentClasses} />],
    ['Children', <ClassLinks key="children" classes={spec.childClasses} />],
    ['Status columns', spec.statusColumns.map((c) => c.label).join(', ') || '—'],
    ['Power conditions', spec.powerConditionLabels.join(', ') || '—'],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
