import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { StoreLinks } from '../components/store-links';

/** A public invitation to the mobile app, with the way on to sign in. */
export function MobileBannerPage() {
  return (
    <CenteredCard title="Get the mobile app">
      <Stack gap="md">
        <Text>Switch outlets, watch locations and read alerts on the go.</Text>
        <StoreLinks />
        <Anchor component={Link} to={paths.login} ta="center">
          Continue to sign in
        </Anchor>
      </Stack>
    </CenteredCard>
  );
}
