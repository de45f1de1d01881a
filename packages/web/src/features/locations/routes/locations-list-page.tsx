import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  SegmentedControl,
  SimpleGrid,
  Stack,
} from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { messages } from '@powerdeck/domain';
import {
  IconAdjustmentsHorizontal,
  IconBuildingCommunity,
  IconDots,
  IconLayoutGrid,
  IconList,
  IconPlus,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import {
  NO_FILTERS,
  useSitesPages,
  useSitesTablePage,
  type SiteFilters,
} from '../api/get-sites-data';
import { useUserLevels } from '../api/user-levels';
import { AddLocationWizard } from '../components/add-location/add-location-wizard';
import { LocationCard } from '../components/location-card';
import { LocationsTable } from '../components/locations-table';
import { RefineModal } from '../components/refine-modal';
import { useLoadMoreOnScroll } from '../hooks/use-load-more-on-scroll';
import { LazyTooltip } from '../../../components/lazy-tooltip';

type View = 'cards' | 'table';

function CardsView({ filters, onAdd }: { filters: SiteFilters; onAdd: () => void }) {
  const sites = useSitesPages(filters);
  const { fetchNextPage, hasNextPage, isFetching, isFetchingNextPage } = sites;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadMoreOnScroll(
    sites.isSuccess && hasNextPage && !isFetching && !sites.isFetchNextPageError,
    loadMore,
  );
  const locations = sites.data?.pages.flatMap((page) => page.records) ?? [];
  return (
    <>
      {sites.isPending && <LoadingPanel label="Loading locations..." />}
      {sites.isError && !sites.isFetchNextPageError && (
        <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={() => void sites.refetch()} />
      )}
      {sites.isSuccess && locations.length === 0 && <Empty onAdd={onAdd} />}
      {locations.length > 0 && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
            {locations.map((location) => (
              <LocationCard key={location.siteId} location={location} />
            ))}
          </SimpleGrid>
          {isFetchingNextPage && (
            <Center py="md" role="status" aria-label="Loading more locations">
              <Loader size="sm" />
            </Center>
          )}
          {sites.isFetchNextPageError && (
            <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={loadMore} />
          )}
        </Stack>
      )}
    </>
  );
}

function TableView({ filters, onAdd }: { filters: SiteFilters; onAdd: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const page = useSitesTablePage(filters, pageNo);
  if (page.isPending) return <LoadingPanel label="Loading locations..." />;
  if (page.isError) {
    return (
      <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={() => void page.refetch()} />
    );
  }
  if (page.data.records.length === 0) return <Empty onAdd={onAdd} />;
  return (
    <LocationsTable
      locations={page.data.records}
      pageNo={pageNo}
      totalRecords={page.data.totalRecords}
      onPage={setPageNo}
    />
  );
}

function Empty({ onAdd }: { onAdd: () => void }) {
  const levels = useUserLevels();
  return (
    <EmptyState
      message={messages.locationsEmpty}
      icon={<IconBuildingCommunity size={26} />}
      action={
        <Anchor
          component="button"
          type="button"
          // spec §6: the empty-state action does nothing for CLIENT. Adding a location is open to
          // everyone (the header menu offers it too), so an unknown level does not block it.
          aria-disabled={levels.clientOnly || undefined}
          onClick={() => {
            if (!levels.clientOnly) onAdd();
          }}
        >
          Add Location
        </Anchor>
      }
    />
  );
}

function activeFilterCount(filters: SiteFilters): number {
  return (
    (filters.sortBy === 'alphabetical' ? 0 : 1) +
    (filters.activeOnly ? 1 : 0) +
    (filters.clientIds.length > 0 ? 1 : 0)
  );
}

/** /locations/list: cards (12 a time on scroll) or a table (18 a page), Refine, Add a location. */
export function LocationsListPage() {
  const [view, setView] = useLocalStorage<View>({
    key: 'powerdeck.locations.view',
    defaultValue: 'cards',
  });
  const [filters, setFilters] = useState<SiteFilters>(NO_FILTERS);
  const [refineOpened, refine] = useDisclosure(false);
  const [addOpened, add] = useDisclosure(false);
  const refined = activeFilterCount(filters);

  const actions = (
    <Group gap="xs">
      <SegmentedControl
        aria-label="List or card view"
        value={view}
        onChange={(v) => setView(v)}
        data={[
          {
            value: 'cards',
            label: (
              <LazyTooltip label="Card view">
                <IconLayoutGrid size={16} aria-label="Card view" />
              </LazyTooltip>
            ),
          },
          {
            value: 'table',
            label: (
              <LazyTooltip label="List view">
                <IconList size={16} aria-label="List view" />
              </LazyTooltip>
            ),
          },
        ]}
      />
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        rightSection={refined > 0 ? <Badge size="xs">{refined}</Badge> : undefined}
        onClick={refine.open}
      >
        Refine
      </Button>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="Locations menu">
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={add.open}>
            Add a location
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );

  return (
    <>
      <PageTitle title="All Locations" actions={actions} />
      {view === 'cards' ? (
        <CardsView filters={filters} onAdd={add.open} />
      ) : (
        <TableView key={JSON.stringify(filters)} filters={filters} onAdd={add.open} />
      )}
      {refineOpened && (
        <RefineModal opened filters={filters} onClose={refine.close} onApply={setFilters} />
      )}
      <AddLocationWizard opened={addOpened} onClose={add.close} />
    </>
  );
}
