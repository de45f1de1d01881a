import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A request as the fuzz and the authorization matrix send it. */
export interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

export interface ProbeAnswer {
  status: number;
  body: string;
}

/**
 * Sends probes to an app: each from its own address (so per-address rate limits do not stop a
 * run after its first few requests), counting them. A live stream never ends by itself: it
 * answers as soon as its headers are out, and is then closed as a client going away closes it
 * (the server ends it and releases what it holds: subscription, heartbeat, the session's cap).
 */
export class Prober {
  sent = 0;
  /** Live streams accepted (and closed) so far. */
  streams = 0;
  constructor(private readonly app: FastifyInstance) {}

  async send(probe: Probe): Promise<ProbeAnswer> {
    this.sent++;
    const n = this.sent;
    const response: LightMyRequestResponse = await this.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: probe.headers ?? {},
      ...(probe.payload === undefined ? {} : { payload: probe.payload }),
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      payloadAsStream: true,
    });
    const stream = response.stream();
    const type = String(response.headers['content-type'] ?? '');
    if (type.startsWith('text/event-stream')) {
      this.streams++;
      stream.destroy();
      // what a closed connection does to the request of a real server (inject has no socket)
      response.raw.res.req.emit('close');
      return { status: response.statusCode, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
  }
}

/** A query string from fields; an array is sent as a repeated key. */
export function queryString(fields: Record<string, string | readonly string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') params.append(key, value);
    else for (const v of value) params.append(key, v);
  }
  return params.toString();
}
