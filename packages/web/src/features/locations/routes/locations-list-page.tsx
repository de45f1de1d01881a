import { ActionIcon, Anchor, Center, Loader, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@powerdeck/domain';
import { IconBuildingCommunity, IconDots, IconPlus } from '@tabler/icons-react';
import { useCallback } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useSitesPages } from '../api/get-sites-data';
import { LocationCard } from '../components/location-card';
import { useLoadMoreOnScroll } from '../hooks/use-load-more-on-scroll';

function openAddLocation() {
  modals.open({
    title: 'Add a New Location',
    closeOnClickOutside: false,
    children: (
      <Text size="sm">
        This screen arrives with the locations issue: a three-step wizard for the location, its
        client and its picture.
      </Text>
    ),
  });
}

/** /locations/list, card view: 12 locations at a time, more as the page nears its bottom. */
export function LocationsListPage() {
  const sites = useSitesPages();
  const { fetchNextPage, hasNextPage, isFetching, isFetchingNextPage } = sites;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useLoadMoreOnScroll(
    sites.isSuccess && hasNextPage && !isFetching && !sites.isFetchNextPageError,
    loadMore,
  );
  const locations = sites.data?.pages.flatMap((page) => page.records) ?? [];

  const menu = (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Locations menu">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={openAddLocation}>
          Add a location
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      <PageTitle title="All Locations" actions={menu} />
      {sites.isPending && <LoadingPanel label="Loading locations..." />}
      {sites.isError && !sites.isFetchNextPageError && (
        <ErrorBanner message={messages.loadDeviceInfoFailed} onRetry={() => void sites.refetch()} />
      )}
      {sites.isSuccess && locations.length === 0 && (
        <EmptyState
          message={messages.locationsEmpty}
          icon={<IconBuildingCommunity size={26} />}
          action={
            <Anchor component="button" type="button" onClick={openAddLocation}>
              Add Location
            </Anchor>
          }
        />
      )}
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
