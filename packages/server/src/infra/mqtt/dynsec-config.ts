import {
  TOPIC_KINDS,
  TOPIC_PREFIX,
  TOPIC_RULES,
  fleetFilters,
  isDeviceId,
} from '@powerdeck/domain';
import { pbkdf2Sync, randomBytes } from 'node:crypto';

/**
 * What Mosquitto's dynamic-security plugin (2.0.x) holds for Powerdeck: the device roles the
 * servers provision, and the file it starts from (deploy/mosquitto, docs/operations.md).
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
}

const allow = (acltype: DynsecAclType, topics: string[]): DynsecAcl[] =>
  topics.map((topic) => ({ acltype, topic, allow: true }));

/** The role that carries one device's topic rule (one role per device: 2.0 has no %u patterns). */
export function deviceRoleName(devId: string): string {
  return `pd-device-${devId}`;
}

/** A device's own topics of one kind, for itself and for its kids (`…/kids/+/kind`). */
const ownFilters = (devId: string, kind: (typeof TOPIC_KINDS)[number]) =>
  fleetFilters(kind).map((filter) => filter.replace('/+/', `/${devId}/`));

/**
 * The device protocol's rule (`deviceMayAccess`) as dynamic-security ACLs: publish the kinds a
 * device sends under its own root, subscribe to and receive the kinds the cloud sends there.
 * Everything else falls to the default ACL access, which denies. A subscribe pattern also admits
 * one kid's filter (`…/kids/{kidId}/cmd`), as the rule does.
 */
export function deviceAcls(devId: string): DynsecAcl[] {
  const sent = TOPIC_KINDS.filter((kind) => TOPIC_RULES[kind].from === 'device');
  const received = TOPIC_KINDS.filter((kind) => TOPIC_RULES[kind].from === 'cloud');
  const receivedFilters = received.flatMap((kind) => ownFilters(devId, kind));
  return [
    ...allow(
      'publishClientSend',
      sent.flatMap((kind) => ownFilters(devId, kind)),
    ),
    ...allow('subscribePattern', receivedFilters),
    ...allow('publishClientReceive', receivedFilters),
  ];
}

/** The servers may use every device topic, shared subscriptions (`$share/{group}/…`) included. */
function serviceAcls(): DynsecAcl[] {
  const everyDeviceTopic = `${TOPIC_PREFIX}/#`;
  return [
    ...allow('publishClientSend', [everyDeviceTopic]),
    ...allow('publishClientReceive', [everyDeviceTopic]),
    ...allow('subscribePattern', [everyDeviceTopic, `$share/+/${everyDeviceTopic}`]),
  ];
}

/** The admin identity may only talk to the plugin: it reads no device traffic. */
function adminAcls(): DynsecAcl[] {
  return [
    ...allow('publishClientSend', [DYNSEC_TOPIC]),
    ...allow('subscribeLiteral', [DYNSEC_RESPONSE_TOPIC]),
    ...allow('publishClientReceive', [DYNSEC_RESPONSE_TOPIC]),
  ];
}

const SERVICE_ROLE = 'powerdeck-service';
const ADMIN_ROLE = 'powerdeck-dynsec-admin';

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

/** A device as the servers' grant leaves it: client id = user name = devId, its own role. */
export function deviceAccount(devId: string, password: string) {
  return {
    username: devId,
    password,
    clientid: devId,
    roles: [{ rolename: deviceRoleName(devId) }],
  };
}

/**
 * The dynamic-security file Mosquitto starts from: the admin identity the servers provision
 * devices with, the servers' own identity, and every access denied by default (unsubscribing
 * aside), so a client without a role can do nothing. `devices` are provisioned in the file as a
 * grant would (a fleet loaded at once: granting one by one rewrites the file each time).
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
  const deviceClients = devices.map(({ devId, password }) => {
    if (!isDeviceId(devId)) throw new Error(`not a device id: '${devId}'`);
    const { username, clientid, roles } = deviceAccount(devId, password);
    return { username, clientid, roles, ...hashedPassword(password) };
  });
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
      ...devices.map(({ devId }) => ({ rolename: deviceRoleName(devId), acls: deviceAcls(devId) })),
    ],
  };
}
