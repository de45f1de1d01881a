import { z } from 'zod';

/** Version segment of every device topic; a breaking payload change gets a new root. */
export const PROTOCOL_VERSION = 'v1';
export const TOPIC_PREFIX = `pd/${PROTOCOL_VERSION}`;

/**
 * A device or kid id on the wire: the MAC or serial number, upper-case hex, no colons or dashes.
 * MACs are 12 digits; serials of kids may be longer, so 6 to 32 digits are accepted.
 */
export const deviceIdSchema = z
  .string()
  .regex(/^[0-9A-F]{6,32}$/, 'device id must be 6-32 upper-case hex digits without separators');

export function isDeviceId(value: string): boolean {
  return deviceIdSchema.safeParse(value).success;
}

/** The leaf topics under a device (or kid) root, ARCHITECTURE §4. */
export const TOPIC_KINDS = ['online', 'status', 'event', 'cmd', 'ack'] as const;
export const topicKindSchema = z.enum(TOPIC_KINDS);
export type TopicKind = z.infer<typeof topicKindSchema>;

/** Who publishes on each topic, its QoS and whether the broker keeps the last message. */
export const TOPIC_RULES: Readonly<
  Record<TopicKind, { from: 'device' | 'cloud'; qos: 0 | 1; retain: boolean }>
> = {
  online: { from: 'device', qos: 1, retain: true },
  // Periodic reports go at QoS 0; a report caused by a change goes at QoS 1 (see STATUS_CHANGE_QOS).
  status: { from: 'device', qos: 0, retain: true },
  event: { from: 'device', qos: 1, retain: false },
  cmd: { from: 'cloud', qos: 1, retain: false },
  ack: { from: 'device', qos: 1, retain: false },
};
export const STATUS_CHANGE_QOS = 1;

/** Where a topic points: a device, or a kid (child) attached to that device. */
export interface TopicAddress {
  devId: string;
  kidId?: string;
}

export interface ParsedTopic extends TopicAddress {
  kind: TopicKind;
}

function assertId(id: string, what: string): void {
  if (!isDeviceId(id)) throw new Error(`invalid ${what} '${id}': upper-case hex, no separators`);
}

/** `pd/v1/{devId}` or `pd/v1/{devId}/kids/{kidId}`; throws on an id that is not upper-case hex. */
export function deviceRoot(address: TopicAddress): string {
  assertId(address.devId, 'devId');
  if (address.kidId === undefined) return `${TOPIC_PREFIX}/${address.devId}`;
  assertId(address.kidId, 'kidId');
  return `${TOPIC_PREFIX}/${address.devId}/kids/${address.kidId}`;
}

/** The topic of one kind for a device or one of its kids, e.g. `pd/v1/1065A3000001/cmd`. */
export function deviceTopic(address: TopicAddress, kind: TopicKind): string {
  return `${deviceRoot(address)}/${kind}`;
}

/** What a device subscribes to: its own commands and those of its kids. */
export function deviceCommandFilters(devId: string): string[] {
  assertId(devId, 'devId');
  return [`${TOPIC_PREFIX}/${devId}/cmd`, `${TOPIC_PREFIX}/${devId}/kids/+/cmd`];
}

/**
 * What the cloud subscribes to for one kind across all devices and kids. With `shareGroup` the
 * filters become MQTT shared subscriptions (`$share/{group}/…`) so each message is handled by one
 * server of a group (ARCHITECTURE §3).
 */
export function fleetFilters(kind: TopicKind, shareGroup?: string): string[] {
  const filters = [`${TOPIC_PREFIX}/+/${kind}`, `${TOPIC_PREFIX}/+/kids/+/${kind}`];
  return shareGroup === undefined ? filters : filters.map((f) => `$share/${shareGroup}/${f}`);
}

/** Parses a device topic; undefined for anything that is not a well-formed v1 device topic. */
export function parseDeviceTopic(topic: string): ParsedTopic | undefined {
  const parts = topic.split('/');
  if (parts[0] !== 'pd' || parts[1] !== PROTOCOL_VERSION) return undefined;
  const devId = parts[2];
  if (devId === undefined || !isDeviceId(devId)) return undefined;
  if (parts.length === 4) {
    const kind = topicKindSchema.safeParse(parts[3]);
    return kind.success ? { devId, kind: kind.data } : undefined;
  }
  if (parts.length === 6 && parts[3] === 'kids') {
    const kidId = parts[4];
    const kind = topicKindSchema.safeParse(parts[5]);
    if (kidId === undefined || !isDeviceId(kidId) || !kind.success) return undefined;
    return { devId, kidId, kind: kind.data };
  }
  return undefined;
}

/**
 * Broker access rule of a device: it may use topics under its own root only, and in the
 * direction the protocol gives (it publishes online/status/event/ack, subscribes to cmd).
 */
export function deviceMayAccess(
  devId: string,
  topic: string,
  access: 'publish' | 'subscribe',
): boolean {
  if (!isDeviceId(devId)) return false;
  if (access === 'subscribe' && deviceCommandFilters(devId).includes(topic)) return true;
  const parsed = parseDeviceTopic(topic);
  if (parsed?.devId !== devId) return false;
  return TOPIC_RULES[parsed.kind].from === (access === 'publish' ? 'device' : 'cloud');
}
