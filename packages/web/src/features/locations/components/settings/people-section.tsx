import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PERM_LVLS, addSitePermissionSchema, type PermLvl } from '@powerdeck/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiRequestError } from '../../../../lib/api-client';
import { usePeople, usePeopleChange } from '../../api/location-settings';
import { LazyTooltip } from '../../../../components/lazy-tooltip';

const levels = PERM_LVLS.map((l) => ({ value: l, label: l }));

function fail(error: unknown) {
  notifications.show({
    color: 'red',
    message: isApiRequestError(error) ? error.message : 'Permission could not be changed',
  });
}

/** Permissions per role with add/edit/delete person (spec §2 Other screens). */
export function PeopleSection({
  siteId,
  canEdit,
  selfId,
}: {
  siteId: string;
  canEdit: boolean;
  selfId: string;
}) {
  const people = usePeople(siteId);
  const change = usePeopleChange(siteId);
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState<PermLvl>('CLIENT');
  const [touched, setTouched] = useState(false);
  const parsed = addSitePermissionSchema.safeParse({ email, permLvl: level });
  const emailError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Title order={2} size="h4">
          Permissions
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                {canEdit && <Table.Th aria-label="Remove" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(people.data ?? []).map((p) => (
                <Table.Tr key={p.userId}>
                  <Table.Td>
                    {p.firstName} {p.lastName}
                  </Table.Td>
                  <Table.Td>{p.email}</Table.Td>
                  <Table.Td>
                    {canEdit && p.userId !== selfId ? (
                      <Select
                        size="xs"
                        w={130}
                        data={levels}
                        value={p.permLvl}
                        aria-label={`Role of ${p.email}`}
                        allowDeselect={false}
                        onChange={(v) =>
                          v &&
                          change.mutate(
                            { op: 'edit', userId: p.userId, permLvl: v },
                            { onError: fail },
                          )
                        }
                      />
                    ) : (
                      <Text size="sm">{p.permLvl}</Text>
                    )}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      {p.userId !== selfId && (
                        <LazyTooltip label="Remove person">
                          <ActionIcon
                            color="red"
                            variant="subtle"
                            aria-label={`Remove ${p.email}`}
                            onClick={() =>
                              change.mutate({ op: 'delete', userId: p.userId }, { onError: fail })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </LazyTooltip>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {canEdit && (
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Add person by e-mail"
              placeholder="name@example.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={emailError}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Select
              label="Role"
              data={levels}
              value={level}
              onChange={(v) => setLevel(v ?? 'CLIENT')}
              allowDeselect={false}
              w={140}
            />
            <Button
              mt={25}
              disabled={!parsed.success}
              loading={change.isPending}
              onClick={() =>
                parsed.success &&
                change.mutate(
                  { op: 'add', email: parsed.data.email, permLvl: parsed.data.permLvl },
                  {
                    onSuccess: () => {
                      setEmail('');
                      setTouched(false);
                    },
                    onError: fail,
                  },
                )
              }
            >
              Add person
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
