import { Alert, Loader, TextInput } from '@mantine/core';
import { type GroupDetails, NAME_MAX_LENGTH, groupMessages, messages } from '@powerdeck/domain';
import { useState } from 'react';
import { useGroupCandidates, useSaveGroup } from '../api/groups-api';
import { Checklist, type ChecklistItem } from './checklist';
import { StepperModal } from './stepper-modal';

export interface GroupWizardProps {
  /** The group to edit; null creates one. */
  group: GroupDetails | null;
  userId: string;
  onClose: () => void;
}

/** Create or edit a group in three steps: name, locations, users. */
export function GroupWizard({ group, userId, onClose }: GroupWizardProps) {
  const candidates = useGroupCandidates(true);
  const save = useSaveGroup();
  const [active, setActive] = useState(0);
  const [name, setName] = useState(group?.groupName ?? '');
  const [locations, setLocations] = useState<ChecklistItem[] | null>(null);
  const [users, setUsers] = useState<ChecklistItem[] | null>(null);

  const chosenLocations = new Set(group?.locations.map((l) => l.siteId) ?? []);
  const chosenUsers = new Set([...(group?.users.map((u) => u.id) ?? []), userId]);
  const locationItems: ChecklistItem[] =
    locations ??
    (candidates.data?.locations ?? []).map((l) => ({
      id: l.siteId,
      name: l.name,
      checked: chosenLocations.has(l.siteId),
    }));
  const userItems: ChecklistItem[] =
    users ?? (candidates.data?.users ?? []).map((u) => ({ ...u, checked: chosenUsers.has(u.id) }));

  const loading = candidates.isPending ? <Loader size="sm" /> : null;
  const failed = candidates.isError ? (
    <Alert color="red" role="alert">
      {messages.adminFetchFailed}
    </Alert>
  ) : null;
  const trimmed = name.trim();

  return (
    <StepperModal
      opened
      title={group ? 'Edit Group' : 'Create Group'}
      active={active}
      onStep={setActive}
      onCancel={onClose}
      finishing={save.isPending}
      onFinish={() =>
        save.mutate(
          {
            id: group?.id ?? null,
            input: {
              groupName: trimmed,
              locations: locationItems.filter((i) => i.checked).map((i) => i.id),
              users: userItems.filter((i) => i.checked).map((i) => i.id),
            },
          },
          { onSuccess: onClose },
        )
      }
      steps={[
        {
          label: 'Name',
          disableNextButton: trimmed === '' || trimmed.length > NAME_MAX_LENGTH,
          content: (
            <TextInput
              label="Group name"
              value={name}
              maxLength={NAME_MAX_LENGTH}
              onChange={(e) => setName(e.currentTarget.value)}
              error={name !== '' && trimmed === '' ? groupMessages.nameRequired : undefined}
              data-autofocus
            />
          ),
        },
        {
          label: 'Locations',
          disableNextButton: !locationItems.some((i) => i.checked),
          content: loading ?? failed ?? (
            <Checklist label="Locations" items={locationItems} onChange={setLocations} />
          ),
        },
        {
          label: 'Users',
          disableNextButton: false,
          content: (
            <>
              {save.isError && (
                <Alert color="red" role="alert" mb="sm">
                  {save.error.message || messages.error}
                </Alert>
              )}
              {loading ?? failed ?? (
                <Checklist
                  label="Users"
                  items={userItems}
                  onChange={setUsers}
                  disabledId={userId}
                />
              )}
            </>
          ),
        },
      ]}
    />
  );
}
