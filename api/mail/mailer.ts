import type { Config } from '../config/config';
import type { Db } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The owner the mail concerns: they can read it in their outbox. */
  userId: number | null;
  /** For notification mails: the page that stops them, offered by mail programs as their own unsubscribe button. */
  unsubscribeUrl?: string;
  /** Where replies go instead of the sender: the visitor a lead or showing mail is about. */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail lands in the outbox table first, so nothing is lost; with SMTP_URL set it is also queued, and the
 * mail sender (`queued` wakes it) hands it to the SMTP server after the answer: a request never waits for the SMTP
 * server, so whether a mail was sent does not show in how long the answer took.
 */
export function createMailer(db: Db, config: Config, queued: () => void = () => {}): Mailer {
  return {
    async send(mail) {
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('outbox_email')
          .values({ user_id: mail.userId, to_address: mail.to, subject: mail.subject, body: mail.text, reply_to: mail.replyTo ?? null, sent_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (!config.smtpUrl) return;
        await trx
          .insertInto('mail_queue')
          .values({ outbox_id: id, unsubscribe_url: mail.unsubscribeUrl ?? null, next_attempt_at: new Date().toISOString() })
          .execute();
      });
      if (config.smtpUrl) queued();
    },
  };
}
