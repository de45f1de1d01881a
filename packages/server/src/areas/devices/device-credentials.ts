import {
  type CommandAck,
  type DeviceStatus,
  type TopicAddress,
  buildCommand,
  deviceTopic,
} from '@powerdeck/domain';
import {
  credentialVerifier,
  matchesVerifier,
  newDeviceSecret,
} from '@powerdeck/domain/device-credentials';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../infra/clock';
import type { BrokerCredentialSink } from '../../infra/mqtt/broker-credentials';
import type { DeviceLink } from '../../infra/mqtt/device-link';
import type { DeviceCredentialsRepository } from './device-credentials.repository';

/** How a device signed in, when the database knows its credential. */
export type DeviceSignIn = 'issued' | 'claim-key';

/** A claim key as the device and the claim form hold it: the label's characters, upper case. */
const claimKeyText = (claimKey: string) => claimKey.toUpperCase();

/**
 * Checks a device's password against what the database holds for it (the embedded broker asks
 * this for any password that is not the deployment's derived secret). A secret sent and not yet
 * acknowledged counts: the device may reconnect with it before its ack reaches the server.
 */
export async function checkDeviceCredential(
  repo: Pick<DeviceCredentialsRepository, 'find'>,
  devId: string,
  password: string,
): Promise<DeviceSignIn | null> {
  const row = await repo.find(devId);
  if (!row || row.revokedAt !== null) return null;
  const matches = (verifier: string | null) =>
    verifier !== null && matchesVerifier(verifier, password);
  if (matches(row.secretVerifier) || matches(row.pendingVerifier)) return 'issued';
  if (matches(row.claimKeyVerifier)) return 'claim-key';
  return null;
}

/** How long a device has to acknowledge a new secret, and before another may be sent. */
const ISSUE_ACK_MS = 15_000;
const ISSUE_AGAIN_AFTER_MS = 60_000;

/**
 * Device credentials (docs/device-protocol.md, "Credentials"): a claim lets the device sign in with
 * the claim key printed on it; a device that reports `credential: 'claim-key'` is sent a secret of
 * its own (`credentials` command), which replaces the claim key once it acknowledges; a delete
 * revokes everything at once. Each change also goes to the brokers that keep their own copy
 * (the embedded broker's refusal list, Mosquitto's dynamic security).
 */
export class DeviceCredentials {
  private readonly waiting = new Map<
    string,
    { devId: string; answer: (ack: CommandAck) => void }
  >();
  private readonly issuing = new Set<string>();

  constructor(
    private readonly deps: {
      repo: DeviceCredentialsRepository;
      link: Pick<DeviceLink, 'publish'> | undefined;
      sinks: readonly BrokerCredentialSink[];
      clock: Clock;
      log: FastifyBaseLogger;
      ackTimeoutMs?: number;
    },
  ) {}

  /** A device was claimed with this key: it may sign in with it (and nothing else it had). */
  async claimed(devId: string, claimKey: string): Promise<void> {
    const key = claimKeyText(claimKey);
    await this.deps.repo.claimed(devId, credentialVerifier(key), this.deps.clock.now());
    await this.toSinks('grant', devId, (sink) => sink.grant(devId, key));
  }

  /** A device was deleted from its location: refused from now on, disconnected if connected. */
  async revoked(devId: string): Promise<void> {
    await this.deps.repo.revoke(devId, this.deps.clock.now());
    await this.toSinks('revoke', devId, (sink) => sink.revoke(devId));
  }

  /** Every live status report (device hub): a device on its claim key gets a secret. */
  onStatus(address: TopicAddress, status: DeviceStatus): void {
    if (address.kidId !== undefined || status.credential !== 'claim-key') return;
    this.issue(address.devId).catch((err: unknown) =>
      this.deps.log.error({ err, devId: address.devId }, 'issuing device credentials failed'),
    );
  }

  /** Every ack (device hub): the answer to a `credentials` command this server sent. */
  onAck(address: TopicAddress, ack: CommandAck): void {
    const waiting = this.waiting.get(ack.id);
    if (!waiting || waiting.devId !== address.devId || address.kidId !== undefined) return;
    this.waiting.delete(ack.id);
    waiting.answer(ack);
  }

  /**
   * Sends the device a new secret and, once it acknowledges, makes that secret its only credential
   * (a rotation is the same). False: not sent (revoked, not claimed here, already under way) or
   * not acknowledged in time.
   */
  async issue(devId: string): Promise<boolean> {
    const { repo, link, clock, log } = this.deps;
    if (!link || this.issuing.has(devId)) return false;
    this.issuing.add(devId);
    try {
      const secret = newDeviceSecret();
      const verifier = credentialVerifier(secret);
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - ISSUE_AGAIN_AFTER_MS);
      if (!(await repo.startIssue(devId, verifier, now, staleBefore))) return false;
      const timeoutMs = this.deps.ackTimeoutMs ?? ISSUE_ACK_MS;
      // not a UUID: the command tracker and its late answers leave this id alone
      const id = `credentials.${randomBytes(8).toString('hex')}`;
      const command = buildCommand(
        'credentials',
        { secret },
        {
          id,
          nowMs: now.getTime(),
          ttlMs: timeoutMs,
        },
      );
      const ack = new Promise<CommandAck | undefined>((resolve) => {
        const timer = setTimeout(() => {
          this.waiting.delete(id);
          resolve(undefined);
        }, timeoutMs);
        this.waiting.set(id, {
          devId,
          answer: (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
        });
      });
      await link.publish(deviceTopic({ devId }, 'cmd'), JSON.stringify(command), 1);
      const answer = await ack;
      if (!answer?.ok) {
        await repo.abandonIssue(devId, verifier, clock.now());
        log.warn({ devId, error: answer?.error ?? 'no answer' }, 'device did not take its secret');
        return false;
      }
      if (!(await repo.confirmIssue(devId, verifier, clock.now()))) return false;
      await this.toSinks('grant', devId, (sink) => sink.grant(devId, secret));
      log.info({ devId }, 'device took a secret of its own');
      return true;
    } finally {
      this.issuing.delete(devId);
    }
  }

  /** A broker that missed a change is logged, not thrown: the database stays the truth. */
  private async toSinks(
    change: 'grant' | 'revoke',
    devId: string,
    apply: (sink: BrokerCredentialSink) => Promise<void>,
  ): Promise<void> {
    for (const sink of this.deps.sinks) {
      await apply(sink).catch((err: unknown) =>
        this.deps.log.error({ err, devId, change }, 'a broker did not take a credential change'),
      );
    }
  }
}
