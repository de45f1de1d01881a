import { isDeviceId } from '@powerdeck/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type { BrokerCredentialSink } from './broker-credentials';
import { DYNSEC_RESPONSE_TOPIC, DYNSEC_TOPIC, deviceAccount } from './dynsec-config';

export interface DynsecSinkOptions {
  /** The broker, e.g. mqtt://powerdeck-dynsec:secret@mosquitto:1883 (credentials may be here). */
  url: string;
  /** The dynamic-security admin identity; taken from the URL when absent. */
  username?: string;
  password?: string;
  /** How long to wait for the plugin's answer to one message of commands (default 10 s). */
  timeoutMs?: number;
}

export interface DynsecCredentialSink extends BrokerCredentialSink {
  close(): Promise<void>;
}

/** The plugin refused a command (its own words in the message). */
export class DynsecCommandError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
    subject: string,
  ) {
    super(`Mosquitto dynamic security refused ${command} for ${subject}: ${reason}`);
    this.name = 'DynsecCommandError';
  }
}

type Command = { command: string } & Record<string, unknown>;
interface Answer {
  command: string;
  error?: string;
}
interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/**
 * Provisions device credentials into Mosquitto's dynamic-security plugin over MQTT, as its admin
 * identity: each device gets a client (user name and client id = devId, its password, the device
 * role); its topic rule is the ACL file's, the same for all. The plugin answers every server's
 * commands on one topic, so each command carries a correlation id unique to this sink.
 */
export async function createDynsecCredentialSink(
  options: DynsecSinkOptions,
): Promise<DynsecCredentialSink> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client: MqttClient = await mqtt
    .connectAsync(
      options.url,
      {
        clientId: `powerdeck-dynsec-${randomUUID().slice(0, 8)}`,
        ...(options.username === undefined ? {} : { username: options.username }),
        ...(options.password === undefined ? {} : { password: options.password }),
        protocolVersion: 4,
        clean: true,
        keepalive: 30,
        reconnectPeriod: 1_000,
        resubscribe: true,
      },
      false,
    )
    .catch((error: unknown) => {
      throw new Error(
        `cannot connect to Mosquitto's dynamic security as its admin identity: ${String(error)}`,
        { cause: error },
      );
    });
  // Connection errors end in a reconnect (and the waiting commands in their timeout).
  client.on('error', () => undefined);

  await client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 }).catch(async (error: unknown) => {
    await client.endAsync(true);
    throw new Error(
      `the dynamic-security admin identity may not subscribe to ${DYNSEC_RESPONSE_TOPIC} ` +
        '(its role must allow it; see deploy/mosquitto)',
      { cause: error },
    );
  });

  const prefix = randomUUID();
  let sequence = 0;
  const pending = new Map<string, Pending>();
  client.on('message', (topic, payload) => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    for (const answer of answersIn(payload)) {
      const waiting = pending.get(answer.correlationData);
      if (!waiting) continue;
      pending.delete(answer.correlationData);
      waiting.resolve(answer);
    }
  });

  /** Sends the commands as one message (run in order) and returns their answers, in order. */
  async function run(commands: Command[]): Promise<Answer[]> {
    const ids = commands.map(() => `${prefix}:${++sequence}`);
    const answers = ids.map(
      (id, i) =>
        new Promise<Answer>((resolve, reject) => {
          const timer = setTimeout(() => {
            pending.delete(id);
            reject(
              new Error(
                `Mosquitto dynamic security did not answer ${commands[i]?.command} within ` +
                  `${timeoutMs} ms (is the broker up and the plugin loaded?)`,
              ),
            );
          }, timeoutMs);
          pending.set(id, {
            resolve: (answer) => {
              clearTimeout(timer);
              resolve(answer);
            },
            reject: (error) => {
              clearTimeout(timer);
              reject(error);
            },
          });
        }),
    );
    const message = { commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) };
    client.publishAsync(DYNSEC_TOPIC, JSON.stringify(message), { qos: 1 }).catch((error) => {
      for (const id of ids) pending.get(id)?.reject(error as Error);
      for (const id of ids) pending.delete(id);
    });
    return Promise.all(answers);
  }

  /** Runs the commands; an answer's error fails unless it is one of `tolerated` for it. */
  async function runExpecting(
    subject: string,
    commands: Command[],
    tolerated: Record<string, string> = {},
  ): Promise<Answer[]> {
    const answers = await run(commands);
    for (const answer of answers) {
      if (answer.error !== undefined && tolerated[answer.command] !== answer.error) {
        throw new DynsecCommandError(answer.command, answer.error, subject);
      }
    }
    return answers;
  }

  return {
    async grant(devId, password) {
      assertDevice(devId);
      if (typeof password !== 'string' || password.length === 0) {
        throw new Error(`a device's broker password must not be empty (${devId})`);
      }
      const account = deviceAccount(devId, password);
      const [created] = await runExpecting(devId, [{ command: 'createClient', ...account }], {
        createClient: 'Client already exists',
      });
      // Already known: replace its password and make its roles exact again (the plugin then
      // disconnects whoever is connected under the old password).
      if (created?.error) {
        await runExpecting(devId, [{ command: 'modifyClient', ...account, groups: [] }]);
      }
    },

    async revoke(devId) {
      assertDevice(devId);
      // deleteClient disconnects the device at once.
      await runExpecting(devId, [{ command: 'deleteClient', username: devId }], {
        deleteClient: 'Client not found',
      });
    },

    async close() {
      for (const waiting of pending.values()) {
        waiting.reject(new Error('the dynamic-security connection was closed'));
      }
      pending.clear();
      await client.endAsync();
    },
  };
}

/** Only device ids: the admin and service identities live in the same user table. */
function assertDevice(devId: string): void {
  if (!isDeviceId(devId)) throw new Error(`not a device id: '${devId}'`);
}

function answersIn(payload: Buffer): (Answer & { correlationData: string })[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString());
  } catch {
    return [];
  }
  const responses = (parsed as { responses?: unknown }).responses;
  if (!Array.isArray(responses)) return [];
  return responses.flatMap((response: unknown) => {
    const r = response as { command?: unknown; error?: unknown; correlationData?: unknown };
    if (typeof r.command !== 'string' || typeof r.correlationData !== 'string') return [];
    return [
      {
        command: r.command,
        correlationData: r.correlationData,
        ...(typeof r.error === 'string' ? { error: r.error } : {}),
      },
    ];
  });
}
