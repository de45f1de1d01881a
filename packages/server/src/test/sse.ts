import type { LiveEventEnvelope } from '@powerdeck/domain';

/** A server-sent-event stream read with fetch, collecting every envelope it receives. */
export class SseClient {
  readonly received: LiveEventEnvelope[] = [];
  readonly comments: string[] = [];
  status = 0;
  ended = false;
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(url: string, headers: Record<string, string>): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, { headers, signal: client.controller.signal });
    client.status = response.status;
    if (response.ok && response.body) void client.read(response.body);
    else client.ended = true;
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          this.frame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.notify();
  }

  private frame(text: string): void {
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line);
      if (line.startsWith('data: ')) {
        this.received.push(JSON.parse(line.slice(6)) as LiveEventEnvelope);
      }
    }
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves with the first envelope matching, waiting up to `timeoutMs`. */
  async waitFor(
    match: (e: LiveEventEnvelope) => boolean,
    timeoutMs = 5_000,
  ): Promise<LiveEventEnvelope> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (this.ended) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a live event');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitForEnd(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('stream did not end');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.controller.abort();
  }
}

/**
 * Polls `check` until it returns a value other than undefined. The default wait is long on
 * purpose: on a loaded 2-core machine (CI's, or files run side by side, see vitest.config.ts) what
 * takes milliseconds alone can take seconds, and only a failing test ever waits it out.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
