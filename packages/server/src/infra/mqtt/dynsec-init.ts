import { writeFileSync } from 'node:fs';
import { type Identity, initialDynsecConfig } from './dynsec-config';

/**
 * `npm run mosquitto:init -- <file>`: writes the dynamic-security file a new Mosquitto starts from
 * (deploy/mosquitto), with the identities the servers will use, read from the same variables the
 * servers read: MQTT_URL (the servers' own identity) and MQTT_DYNSEC_URL (the admin identity that
 * provisions devices). Refuses to overwrite: the file holds every provisioned device.
 */
function identityIn(variable: string): Identity {
  const value = process.env[variable]?.trim();
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new Error(
      `${variable} must be set to a URL with credentials, e.g. mqtt://user:secret@host`,
    );
  }
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (username === '' || password === '') {
    throw new Error(`${variable} must carry a user name and a password (mqtt://user:secret@host)`);
  }
  return { username, password };
}

function main(): void {
  const file = process.argv[2];
  if (file === undefined)
    throw new Error('usage: npm run mosquitto:init -- <dynamic-security.json>');
  const config = initialDynsecConfig({
    admin: identityIn('MQTT_DYNSEC_URL'),
    service: identityIn('MQTT_URL'),
  });
  try {
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${file} exists already; it holds the provisioned devices, so it is kept`, {
        cause: error,
      });
    }
    throw error;
  }
  process.stdout.write(`wrote ${file}: the admin and service identities, everything else denied\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
