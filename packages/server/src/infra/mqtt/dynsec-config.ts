import {
  TOPIC_KINDS,
  TOPIC_PREFIX,
  TOPIC_RULES,
  fleetFilters,
  isDeviceId,
} from '@powerdeck/domain';
import { pbkdf2Sync, randomBytes } from 'node:crypto';

/**
 * What Mosquitto (2.0.x) holds for Powerdeck (deploy/mosquitto, docs/operations.md): in its
 * dynamic-security plugin, the accounts the servers provision and the file it starts from; in its
 * ACL file, the one topic rule every device follows.
 */

/** Where the plugin takes its commands, and where it answers them. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

type DynsecAclType =
  | 'publishClientSend'
  | 'publishClientReceive'
  | 'subscribeLiteral'
  | 'subscribePattern'
  | 'unsubscribeLiteral'
  | 'unsubscribePattern';

interface DynsecAcl {
  acltype: DynsecAclType;
  topic: string;
  allow: boolean;
  /** Higher first; a role's catch-all denial goes last (-1). */
  priority?: number;
}

const allow = (acltype: DynsecAclType, topics: string[]): DynsecAcl[] =>
  topics.map((topic) => ({ acltype, topic, allow: true }));

/**
 * Refuses every other subscription outright. Without it the plugin would hand the subscription on
 * to the ACL file, which (in 2.0) grants every subscription and filters only what is delivered.
 */
const NO_OTHER_SUBSCRIPTION: DynsecAcl = {
  acltype: 'subscribePattern',
  topic: '#',
  allow: false,
  priority: -1,
};

/** The servers may use every device topic, shared subscriptions (`$share/{group}/…`) included. */
function serviceAcls(): DynsecAcl[] {
  const everyDeviceTopic = `${TOPIC_PREFIX}/#`;
  return [
    ...allow('publishClientSend', [everyDeviceTopic]),
    ...allow('publishClientReceive', [everyDeviceTopic]),
    ...allow('subscribePattern', [everyDeviceTopic, `$share/+/${everyDeviceTopic}`]),
    NO_OTHER_SUBSCRIPTION,
  ];
}

/** The admin identity may only talk to the plugin: it reads no device traffic. */
function adminAcls(): DynsecAcl[] {
  return [
    ...allow('publishClientSend', [DYNSEC_TOPIC]),
    ...allow('subscribeLiteral', [DYNSEC_RESPONSE_TOPIC]),
    ...allow('publishClientReceive', [DYNSEC_RESPONSE_TOPIC]),
    NO_OTHER_SUBSCRIPTION,
  ];
}

/**
 * The one role every device has. Its topic rule is not here but in the ACL file's `%u` patterns
 * (deviceTopicAclFile), since the plugin has none in 2.0; the role only keeps devices out of
 * shared subscriptions, where a device in the servers' group would take its turn at every report
 * and, denied delivery, drop it.
 */
function deviceAcls(): DynsecAcl[] {
  return [{ acltype: 'subscribePattern', topic: '$share/#', allow: false }];
}

const SERVICE_ROLE = 'powerdeck-service';
const ADMIN_ROLE = 'powerdeck-dynsec-admin';
const DEVICE_ROLE = 'powerdeck-device';

/**
 * The device protocol's rule (`deviceMayAccess`) as lines of Mosquitto's ACL file
 * (deploy/mosquitto/device-topics.acl), where `%u` is the user name, a device's id: it publishes
 * the kinds a device sends under its own root and its kids', and receives the kinds the cloud
 * sends there. The plugin hands every device check it does not decide to this file, which denies
 * anything it does not list. One rule for all devices costs the broker nothing per device.
 */
export function deviceTopicAclFile(): string {
  const patterns = TOPIC_KINDS.flatMap((kind) => {
    const access = TOPIC_RULES[kind].from === 'device' ? 'write' : 'read';
    // the fleet's filters of this kind, the device level `+` made the user name
    return fleetFilters(kind).map((filter) => `pattern ${access} ${filter.replace('/+/', '/%u/')}`);
  });
  return [
    '# Generated from the device protocol (deviceTopicAclFile in',
    '# packages/server/src/infra/mqtt/dynsec-config.ts); a test holds the two together.',
    '# A device signs in with its id as user name: it may publish online, status, event and ack',
    "# and receive cmd under its own root (and its kids'), nothing else.",
    ...patterns,
    '',
  ].join('\n');
}

export interface Identity {
  username: string;
  password: string;
}

/** The plugin's stored form of a password: PBKDF2-SHA512 over a 12-byte salt (its own scheme). */
function hashedPassword(password: string) {
  const salt = randomBytes(12);
  const iterations = 101;
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return { password: hash.toString('base64'), salt: salt.toString('base64'), iterations };
}

/** A device as the servers' grant leaves it: client id = user name = devId, the device role. */
export function deviceAccount(devId: string, password: string) {
  return {
    username: devId,
    password,
    clientid: devId,
    roles: [{ rolename: DEVICE_ROLE }],
  };
}

/**
 * The dynamic-security file Mosquitto starts from: the admin identity the servers provision
 * devices with, the servers' own identity, the device role, and every access left undecided by
 * default (unsubscribing aside), which hands it to the ACL file: it allows a device its own topics
 * and denies everything else. `devices` are provisioned in the file as a grant would (a fleet
 * loaded at once: granting one by one rewrites the file each time).
 */
export function initialDynsecConfig(identities: {
  admin: Identity;
  service: Identity;
  devices?: { devId: string; password: string }[];
}) {
  if (identities.admin.username === identities.service.username) {
    throw new Error('the admin and the service identity need different user names');
  }
  const client = (identity: Identity, rolename: string, textName: string) => ({
    username: identity.username,
    textName,
    ...hashedPassword(identity.password),
    roles: [{ rolename }],
  });
  const devices = identities.devices ?? [];
  const deviceClients = devices
    .map(({ devId, password }) => {
      if (!isDeviceId(devId)) throw new Error(`not a device id: '${devId}'`);
      const { username, clientid, roles } = deviceAccount(devId, password);
      return { username, clientid, roles, ...hashedPassword(password) };
    })
    // The plugin keeps a role's clients sorted by name, inserting each loaded one after every
    // smaller name: in descending order each goes first at once, where ascending order makes
    // loading 50,000 devices quadratic (10 s against 0.9 here).
    .sort((a, b) => (a.username < b.username ? 1 : a.username > b.username ? -1 : 0));
  return {
    defaultACLAccess: {
      publishClientSend: false,
      publishClientReceive: false,
      subscribe: false,
      unsubscribe: true,
    },
    clients: [
      client(identities.admin, ADMIN_ROLE, 'Powerdeck provisioning (dynamic security)'),
      client(identities.service, SERVICE_ROLE, 'Powerdeck servers'),
      ...deviceClients,
    ],
    groups: [],
    roles: [
      { rolename: ADMIN_ROLE, acls: adminAcls() },
      { rolename: SERVICE_ROLE, acls: serviceAcls() },
      { rolename: DEVICE_ROLE, acls: deviceAcls() },
    ],
  };
}
