import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import type { Logger } from '../config/logger';
import { serialPasses } from '../jobs/serial-passes';

/** How long an SMTP server may keep a send waiting (connecting, greeting, then between replies). */
const SMTP_TIMEOUT_MS = 60_000;
/** How long a claimed mail is this instance's alone: well past a send's timeouts, so no other instance sends it too. */
const CLAIM_MS = 10 * 60_000;
/** A failed send is tried again after a second, then each wait four times the last, up to an hour. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** After this many failed sends (about five hours of trying) a mail stays in the outbox only. */
const MAX_ATTEMPTS = 10;
/** How often an idle sender looks for mails another instance queued and could not send (it stopped, say). */
const IDLE_LOOK_MS = 30_000;
/** Mails claimed at a time, so a long queue is not read at once. */
const BATCH = 20;

export interface MailSender {
  /** A mail was queued: sends it after the current pass, without keeping the caller waiting. */
  wake(): void;
  /** Tries every due mail no other instance holds; resolves once each was sent or put back for a retry. */
  sendDue(): Promise<void>;
  /** Stops looking at the queue and waits for the sends under way; what is left is sent by the next start. */
  stop(): Promise<void>;
}

interface QueuedMail {
  id: number;
  outboxId: number;
  attempts: number;
  unsubscribeUrl: string | null;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
}

/**
 * Hands queued mails to the SMTP server in the background, one pass at a time. Each mail is claimed first with a
 * conditional update, so of several instances sharing the database one sends it; a failed send is retried with a
 * growing wait, and logged.
 */
export function startMailSender(db: Db, config: Config, logger: Logger): MailSender | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const passes = serialPasses(pass, { logger, message: 'the mail queue could not be read; it is looked at again shortly', retryMs: IDLE_LOOK_MS });

  async function claim(id: number, now: Date): Promise<boolean> {
    const { numUpdatedRows } = await db
      .updateTable('mail_queue')
      .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return numUpdatedRows === 1n;
  }

  async function deliver(mail: QueuedMail): Promise<void> {
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        list: mail.unsubscribeUrl ? { unsubscribe: mail.unsubscribeUrl } : undefined,
      });
    } catch (err) {
      await failed(mail, err);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mail_queue').where('id', '=', mail.id).execute();
      await trx.updateTable('outbox_email').set({ sent_at: new Date().toISOString() }).where('id', '=', mail.outboxId).execute();
    });
  }

  async function failed(mail: QueuedMail, err: unknown): Promise<void> {
    const attempts = mail.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      logger.error({ err, outboxId: mail.outboxId, attempts }, 'a mail was not sent and will not be tried again: it stays in the outbox');
      await db.deleteFrom('mail_queue').where('id', '=', mail.id).execute();
      return;
    }
    const wait = Math.min(FIRST_RETRY_MS * 4 ** (attempts - 1), LONGEST_RETRY_MS);
    await db
      .updateTable('mail_queue')
      .set({ attempts, next_attempt_at: new Date(Date.now() + wait).toISOString(), claimed_until: null })
      .where('id', '=', mail.id)
      .execute();
    logger.warn({ err, outboxId: mail.outboxId, attempts, retryInMs: wait }, 'a mail was not sent; it will be tried again');
  }

  function due(now: Date) {
    return db
      .selectFrom('mail_queue')
      .innerJoin('outbox_email', 'outbox_email.id', 'mail_queue.outbox_id')
      .select([
        'mail_queue.id',
        'mail_queue.outbox_id as outboxId',
        'mail_queue.attempts',
        'mail_queue.unsubscribe_url as unsubscribeUrl',
        'outbox_email.to_address as to',
        'outbox_email.reply_to as replyTo',
        'outbox_email.subject',
        'outbox_email.body as text',
      ])
      .where('mail_queue.next_attempt_at', '<=', now.toISOString())
      .where((eb) => eb.or([eb('mail_queue.claimed_until', 'is', null), eb('mail_queue.claimed_until', '<', now.toISOString())]))
      .orderBy('mail_queue.id')
      .limit(BATCH)
      .execute();
  }

  /** Sends what is due, then sets the timer for the next retry due, or the idle look. */
  async function pass(): Promise<void> {
    let batch: QueuedMail[];
    do {
      const now = new Date();
      batch = await due(now);
      for (const mail of batch) {
        if (passes.stopped) return;
        if (await claim(mail.id, now)) await deliver(mail);
      }
    } while (batch.length === BATCH && !passes.stopped);
    // A mail another instance holds is due again when its claim runs out, not at its (past) attempt time.
    const next = await db
      .selectFrom('mail_queue')
      .select(sql<string | null>`min(case when claimed_until > next_attempt_at then claimed_until else next_attempt_at end)`.as('at'))
      .executeTakeFirst();
    const untilNext = next?.at ? new Date(next.at).getTime() - Date.now() : IDLE_LOOK_MS;
    passes.schedule(Math.max(0, Math.min(untilNext, IDLE_LOOK_MS)));
  }

  void passes.run();
  return {
    wake: () => void passes.run(),
    sendDue: () => passes.run(),
    stop: async () => {
      await passes.stop();
      transport.close();
    },
  };
}
