import { Anchor, Stack } from '@mantine/core';
import { findDeviceSpec } from '@powerdeck/domain';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { DeviceClassFacts } from '../components/device-class-facts';

/** /helpAndSupport/devices/:devClass: one class of the catalog. */
export function DeviceHelpPage() {
  const { devClass = '' } = useParams();
  const spec = findDeviceSpec(devClass);
  if (!spec) {
    return (
      <EmptyState
        message={`There is no device class named "${devClass}".`}
        action={
          <Anchor component={Link} to={paths.helpAndSupport}>
            Back to Help & Support
          </Anchor>
        }
      />
    );
  }
  return (
    <Stack gap="md">
      <PageTitle title={`${spec.devClass} — ${spec.displayName}`} />
      <DeviceClassFacts spec={spec} />
      <Anchor component={Link} to={paths.helpAndSupport}>
        All device classes
      </Anchor>
    </Stack>
  );
}
