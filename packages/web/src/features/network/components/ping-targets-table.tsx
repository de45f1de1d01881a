import { Badge, Table, Text } from '@mantine/core';
import type { NetworkDevice, PingTargetView } from '@powerdeck/domain';
import {
  networkTexts,
  outletName,
  PING_ACTION_WORDS,
  PING_STATE_COLORS,
  pingStateText,
  pingWindowText,
} from '../network-texts';
import type { TimeText } from './location-time';

/** What a failing target does, in words: "Alert only", or the outlets it cycles. */
function actionWords(device: NetworkDevice, target: PingTargetView): string {
  if (target.action === 'none') return PING_ACTION_WORDS.none;
  const names = target.outlets.map((o) => {
    const outlet = device.outlets.find((x) => x.devId === o.devId && x.otlt === o.otlt);
    const kid = o.devId === device.devId ? null : device.kids.find((k) => k.devId === o.devId);
    const name = outlet ? outletName(outlet) : `Outlet ${o.otlt}`;
    return kid ? `${name} (${kid.devName})` : name;
  });
  return `Cycle ${names.join(', ')} · at most ${target.maxReboots} in a row, ${target.holdOffSec} s hold-off`;
}

/** A device's ping targets with their live state, as the device last reported it. */
export function PingTargetsTable({
  device,
  timeText,
}: {
  device: NetworkDevice;
  timeText: TimeText;
}) {
  const targets = device.ping?.targets ?? [];
  if (targets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {networkTexts.noTargets}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} aria-label={`Ping targets of ${device.devName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Host</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Last reply</Table.Th>
            <Table.Th>Reboots today</Table.Th>
            <Table.Th>Window</Table.Th>
            <Table.Th>When it fails</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {targets.map((target, index) => (
            <Table.Tr
              key={`${index}-${target.host}`}
              data-testid={`ping-${device.devId}-${index + 1}`}
            >
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {target.host}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={PING_STATE_COLORS[target.state]} variant="filled" miw={72}>
                  {pingStateText(target.state)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{timeText(target.lastReply)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{target.rebootsToday}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{pingWindowText(target.window)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{actionWords(device, target)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
