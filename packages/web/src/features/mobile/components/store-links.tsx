import { Button, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';

// The store listings are not configured yet; these open the stores' search for the app.
const APP_STORE_URL = 'https://apps.apple.com/us/search?term=Powerdeck';
const PLAY_STORE_URL = 'https://play.google.com/store/search?q=Powerdeck&c=apps';

export function StoreLinks() {
  return (
    <Stack gap="sm">
      <Button
        component="a"
        href={APP_STORE_URL}
        rel="noopener noreferrer"
        leftSection={<IconBrandApple size={20} aria-hidden />}
        variant="filled"
        color="dark"
        fullWidth
      >
        Download on the App Store
      </Button>
      <Button
        component="a"
        href={PLAY_STORE_URL}
        rel="noopener noreferrer"
        leftSection={<IconBrandGooglePlay size={20} aria-hidden />}
        variant="filled"
        // shade 9: white text on the dark scheme's teal 8 is under 4.5:1
        color="teal.9"
        fullWidth
      >
        Get it on Google Play
      </Button>
    </Stack>
  );
}
