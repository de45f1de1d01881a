import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The recipients of the envelope. */
  to: string[];
  /** The whole message as sent (headers and MIME parts). */
  raw: string;
}

/** What the server answers to a message's DATA: take it, or refuse it for now (451). */
export type SmtpAnswer = 'accept' | 'try-later';

/**
 * A real SMTP server on a free loopback port, for mail tests: `answer` decides, per message
 * offered (counting from 1), whether it is taken; `stop()` and `start()` again on the same port
 * make it refuse connections for a while.
 */
export class SmtpTestServer {
  readonly received: ReceivedMail[] = [];
  /** Every DATA offered, taken or not. */
  offered = 0;
  private server: SMTPServer | undefined;
  private port = 0;

  constructor(
    private readonly answer: (offer: number) => SmtpAnswer | Promise<SmtpAnswer> = () => 'accept',
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const offer = ++this.offered;
          void Promise.resolve(this.answer(offer)).then((answer) => {
            if (answer === 'try-later') {
              callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
              return;
            }
            this.received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Closes the port: connections are refused until start() (same port). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
