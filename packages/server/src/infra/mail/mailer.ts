import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { OutboxRepository } from './outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends through the SMTP server of SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * The demo's mail: nothing leaves the machine. Each message is stored in the outbox table (the
 * console's /outbox page shows it) and logged with its subject and links.
 */
export function createOutboxMailer(db: Db, logger: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const outbox = new OutboxRepository(db);
  return {
    async send(message) {
      await outbox.markSent(await outbox.enqueue(message), new Date());
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, links }, 'e-mail kept in outbox');
    },
  };
}
