import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent, headers and body. */
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Holds every message from now on without an answer, as a stuck SMTP server would, until the returned call. */
  stall: () => () => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message it is given; with
 * `refuseFirst`, it answers that many messages "451 try again later" first, as a server with a passing fault does.
 */
export async function startSmtp({ refuseFirst = 0 }: { refuseFirst?: number } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  let held: Promise<void> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        void (held ?? Promise.resolve()).then(() => {
          if (refused < refuseFirst) {
            refused++;
            done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          done();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stall: () => {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text with quoted-printable soft line breaks and escapes undone, as a mail program shows it. */
export function decodedText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
