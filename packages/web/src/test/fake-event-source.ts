/** A stand-in for the browser's EventSource (jsdom has none), driven by the test. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  open() {
    this.onopen?.();
  }
  /** Delivers one event with `data` as JSON, and its id when given. */
  message(data: unknown, lastEventId?: number) {
    this.onmessage?.(
      new MessageEvent('message', {
        data: JSON.stringify(data),
        ...(lastEventId === undefined ? {} : { lastEventId: String(lastEventId) }),
      }),
    );
  }
  close() {
    this.closed = true;
  }
}
