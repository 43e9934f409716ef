import type { Browser } from 'playwright-core';
import { startSmtp, type TestSmtp } from '../../support/smtp-server';
import { launchChromium } from './browser';
import { removeDataDir, startServer, type RunningServer } from './server';

/** The built server mailing through a real SMTP server on loopback, and a browser to use it with. */
export interface MailingServer {
  smtp: TestSmtp;
  server: RunningServer;
  browser: Browser;
  /** Closes the browser, stops the server (removing its data) and the SMTP server. */
  close: () => Promise<void>;
}

export async function startMailingServer(): Promise<MailingServer> {
  const smtp = await startSmtp();
  const [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url } }), launchChromium()]);
  return {
    smtp,
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
      removeDataDir(server.dataDir);
      await smtp.close();
    },
  };
}
