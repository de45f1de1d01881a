import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { NOTES_TEXTAREA_ROWS, type NoteRecord, formatDateTime } from '@powerdeck/domain';

export interface NoteDetailProps {
  note: NoteRecord | undefined;
  editing: boolean;
  draft: string;
  error: string | null;
  saving: boolean;
  canChange: boolean;
  onDraft: (text: string) => void;
  onEdit: () => void;
  onDelete: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The third column: the chosen note, or the editor (textarea of 8 rows). */
export function NoteDetail(props: NoteDetailProps) {
  const { note } = props;
  if (props.editing) {
    return (
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Textarea
            label={note ? 'Edit note' : 'New note'}
            rows={NOTES_TEXTAREA_ROWS}
            value={props.draft}
            error={props.error}
            onChange={(event) => props.onDraft(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button loading={props.saving} onClick={props.onSave}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  if (!note) {
    return (
      <Paper withBorder radius="md" p="sm">
        <Text size="sm" c="dimmed">
          Choose a note to read it, or click on "+" to add one.
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.note}</Text>
        <Text size="xs" c="dimmed">
          Created by {note.fname} {note.lname} on {formatDateTime(note.time)}
          <br />
          Modified by {note.modFname} {note.modLname} on {formatDateTime(note.modTime)}
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            color="red"
            disabled={!props.canChange}
            onClick={props.onDelete}
          >
            Delete
          </Button>
          <Button disabled={!props.canChange} onClick={props.onEdit}>
            Edit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
