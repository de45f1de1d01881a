import { NavLink, Paper } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DEVICE_ADMIN_SECTIONS, devicePath, resolveDeviceSegments } from '../../../app/paths';
import { DEVICE_ADMIN_LABELS } from '../../../app/route-labels';
import { PageTitle } from '../../../components/page-title';

/** Device Admin: links to the admin sub-pages (which of them a CLIENT sees arrives later). */
export function DeviceAdminHome() {
  const params = useParams();
  const { deviceId, deviceClass } = resolveDeviceSegments(params.first ?? '', params.second ?? '');
  const ref = { locationId: params.locationId ?? '', deviceId, deviceClass };
  return (
    <>
      <PageTitle title="Device Admin" />
      <Paper withBorder radius="md" maw={480}>
        {DEVICE_ADMIN_SECTIONS.map((section) => (
          <NavLink
            key={section}
            component={Link}
            to={devicePath(ref, 'admin', section)}
            label={DEVICE_ADMIN_LABELS[section]}
            rightSection={<IconChevronRight size={16} aria-hidden />}
          />
        ))}
      </Paper>
    </>
  );
}
