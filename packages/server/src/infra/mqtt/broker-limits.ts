/**
 * What one connection may cost the embedded broker (docs/device-protocol.md, "Limits"). The
 * largest honest message is a full status of 2.5 KB (a dc12ip with every label at 40 characters);
 * the busiest honest connection is a parent with its kids under an auto status update (a report a
 * second each), and its bursts are a reconnect (online and status of itself and every kid), a
 * cycle or sequence of 12 outlets (an event and a status per step) and the device-link bench's
 * 20 reports per device as fast as the broker acks them — all far below these.
 */
export interface BrokerLimits {
  /** Largest MQTT packet accepted, as its remaining length (topic, packet id and payload). */
  maxPacketBytes: number;
  /** Packets a connection may send each second on average, and at once. */
  packetsPerSecond: number;
  packetBurst: number;
  /** Bytes a connection may send each second on average, and at once. */
  bytesPerSecond: number;
  byteBurst: number;
  /** Retained messages one device root (`pd/v1/{devId}/…`, its kids included) may keep. */
  retainedTopicsPerDevice: number;
  retainedBytesPerDevice: number;
}

export const BROKER_LIMITS: BrokerLimits = {
  maxPacketBytes: 64 * 1024,
  packetsPerSecond: 200,
  packetBurst: 1000,
  bytesPerSecond: 256 * 1024,
  byteBurst: 1024 * 1024,
  // the device and 31 kids, each with `online` and `status`
  retainedTopicsPerDevice: 64,
  retainedBytesPerDevice: 128 * 1024,
};

/** Why the broker dropped a connection or refused a message. */
export type Refusal = 'too-large' | 'malformed' | 'flooding' | 'retained-cap';
