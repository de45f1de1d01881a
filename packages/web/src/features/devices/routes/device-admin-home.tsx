import { NavLink, Paper } from '@mantine/core';
import { deviceAdminLinks, isDeviceClass, messages } from '@powerdeck/domain';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { devicePath, resolveDeviceSegments, type DeviceAdminSection } from '../../../lib/paths';
import { ErrorBanner } from '../../../components/error-banner';
import { LoadingPanel } from '../../../components/loading-panel';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../auth';
import { useDeviceMeta } from '../hooks/use-device-data';

/** Device Admin (spec §6): CLIENT sees the 3 general links, others 2 more, SUPPORT all. */
export function DeviceAdminHome() {
  const params = useParams();
  const { deviceId, deviceClass } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  const ref = { locationId: params.locationId ?? '', deviceId, deviceClass };
  const session = useSession();
  const meta = useDeviceMeta(
    ref.locationId,
    isDeviceClass(deviceClass) ? deviceClass : 'm4000',
    deviceId,
  );
  if (meta.isError)
    return <ErrorBanner message={messages.someErrorOccured} onRetry={() => void meta.refetch()} />;
  if (!meta.data || !session.data) return <LoadingPanel />;
  const links = deviceAdminLinks(meta.data.permLvl, session.data.tier);
  return (
    <>
      <PageTitle title="Device Admin" />
      <Paper withBorder radius="md" maw={480}>
        {links.map((link) => (
          <NavLink
            key={link.key}
            component={Link}
            to={devicePath(ref, 'admin', link.key satisfies DeviceAdminSection)}
            label={link.label}
            rightSection={<IconChevronRight size={16} aria-hidden />}
          />
        ))}
      </Paper>
    </>
  );
}
