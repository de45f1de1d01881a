import { Grid } from '@mantine/core';
import {
  type UserSiteRecord,
  notesLocations,
  permissionMessages,
  messages,
} from '@powerdeck/domain';
import { IconNotes } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { locationPath } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../auth';
import { useUserSitesData } from '../api/notes-api';
import { NoteDetail } from '../components/note-detail';
import { NotesList } from '../components/notes-list';
import { NotesLocationList } from '../components/notes-location-list';
import { useNotesScreen } from '../hooks/use-notes-screen';

/** Notes (spec §2): locations, the chosen location's notes, and the note or its editor. */
export function NotesPage() {
  const { locationId = '' } = useParams();
  const user = useSession().data;
  const sites = useUserSitesData(user?.userId);

  if (sites.isPending) return <LoadingPanel />;
  if (sites.isError || !user) {
    return <ErrorBanner message={messages.adminFetchFailed} onRetry={() => void sites.refetch()} />;
  }
  const locations = notesLocations(sites.data.records);
  return (
    <>
      <PageTitle title="Notes" />
      {locations.length === 0 ? (
        <EmptyState
          icon={<IconNotes />}
          message={permissionMessages.noNotesPermissionAnyLocation}
        />
      ) : (
        <NotesWorkspace
          key={locationId}
          locations={locations}
          siteId={locations.some((l) => l.siteId === locationId) ? locationId : null}
          userId={user.userId}
        />
      )}
    </>
  );
}

function NotesWorkspace(props: {
  locations: UserSiteRecord[];
  siteId: string | null;
  userId: string;
}) {
  const navigate = useNavigate();
  const level = props.locations.find((l) => l.siteId === props.siteId)?.permLvl;
  const screen = useNotesScreen({ siteId: props.siteId, userId: props.userId, level });
  const { state, dispatch, notes } = screen;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <NotesLocationList
          locations={props.locations}
          selected={state.siteId}
          onSelect={(siteId) =>
            siteId !== state.siteId &&
            screen.request(
              { type: 'selectLocation', siteId },
              () => void navigate(locationPath(siteId, 'notes')),
            )
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NotesList
          notes={state.siteId ? notes.data?.records : undefined}
          loading={notes.isLoading}
          error={notes.isError ? notes.error.message || messages.error : null}
          selectedNoteId={state.selectedNoteId}
          sort={state.sort}
          canCreate={state.siteId !== null && !state.isBlank}
          onSelect={(noteId) =>
            noteId !== state.selectedNoteId && screen.request({ type: 'selectNote', noteId })
          }
          onToggleSort={() => screen.request({ type: 'toggleSort' })}
          onAdd={() => {
            screen.setEditorError(null);
            dispatch({ type: 'startNew' });
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <NoteDetail
          note={screen.selected}
          editing={state.editing}
          draft={state.draft}
          error={screen.editorError}
          saving={screen.saving}
          canChange={screen.canChange}
          onDraft={(text) => dispatch({ type: 'changeDraft', text })}
          onEdit={() =>
            screen.selected &&
            dispatch({ type: 'startEdit', noteId: screen.selected.id, text: screen.selected.note })
          }
          onDelete={screen.handleDelete}
          onSave={screen.handleSave}
          onCancel={() => {
            screen.setEditorError(null);
            dispatch({ type: 'cancelEdit' });
          }}
        />
      </Grid.Col>
    </Grid>
  );
}
