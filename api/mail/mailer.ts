import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The owner the mail concerns: they can read it in their outbox. */
  userId: number | null;
  /** For notification mails: the page that stops them, offered by mail programs as their own unsubscribe button. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail lands in the outbox table first, so nothing is lost; with SMTP_URL set it is also handed to the SMTP
 * server and marked sent. A failing SMTP server is logged, never the visitor's error.
 */
export function createMailer(db: Db, config: Config): Mailer {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const from = `Tour Platform <tours@${new URL(config.publicUrl ?? 'http://localhost').hostname}>`;
  return {
    async send(mail) {
      const { id } = await db
        .insertInto('outbox_email')
        .values({ user_id: mail.userId, to_address: mail.to, subject: mail.subject, body: mail.text, sent_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          list: mail.unsubscribeUrl ? { unsubscribe: mail.unsubscribeUrl } : undefined,
        });
        await db.updateTable('outbox_email').set({ sent_at: new Date().toISOString() }).where('id', '=', id).execute();
      } catch (err) {
        console.error(`mail ${id} to ${mail.to} stays in the outbox: ${(err as Error).message}`);
      }
    },
  };
}
