import {
  ActionIcon,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  BLANK_NOTE_ID,
  type NoteOrder,
  type NoteRecord,
  formatDateTime,
  messages,
} from '@powerdeck/domain';
import { IconPlus, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import classes from './notes.module.css';

export interface NotesListProps {
  notes: readonly NoteRecord[] | undefined;
  loading: boolean;
  error: string | null;
  selectedNoteId: number | null;
  sort: NoteOrder;
  canCreate: boolean;
  onSelect: (noteId: number) => void;
  onToggleSort: () => void;
  onAdd: () => void;
}

const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';

/** The second column: the location's notes by modification time, with sort and '+'. */
export function NotesList(props: NotesListProps) {
  const { notes, selectedNoteId, sort } = props;
  return (
    <Paper withBorder radius="md" p={0}>
      <Group
        justify="space-between"
        px="sm"
        py={6}
        bg="var(--pd-color-surface-muted)"
        wrap="nowrap"
      >
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={
            sort === 'desc' ? <IconSortDescending size={16} /> : <IconSortAscending size={16} />
          }
          onClick={props.onToggleSort}
        >
          {sort === 'desc' ? 'Descending' : 'Ascending'}
        </Button>
        <ActionIcon aria-label="Add note" disabled={!props.canCreate} onClick={props.onAdd}>
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
      <ScrollArea.Autosize mah={520}>
        <Stack gap={0}>
          {selectedNoteId === BLANK_NOTE_ID && (
            <div className={classes.item} data-active>
              <Text size="sm" fs="italic">
                New note
              </Text>
            </div>
          )}
          {props.loading && <Text p="sm">{messages.notesLoading}</Text>}
          {props.error && (
            <Text p="sm" c="red" role="alert">
              {props.error}
            </Text>
          )}
          {notes?.length === 0 && selectedNoteId !== BLANK_NOTE_ID && (
            <Text p="sm" size="sm" c="dimmed">
              {messages.notesEmpty}
            </Text>
          )}
          {notes?.map((note) => (
            <UnstyledButton
              key={note.id}
              className={classes.item}
              data-active={note.id === selectedNoteId || undefined}
              aria-current={note.id === selectedNoteId ? 'true' : undefined}
              onClick={() => props.onSelect(note.id)}
            >
              <Text size="sm" fw={500} lineClamp={1}>
                {firstLine(note.note)}
              </Text>
              <Text size="xs" c="dimmed">
                {note.modFname} {note.modLname} · {formatDateTime(note.modTime)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
