import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startPartnerSite, type PartnerSite } from './partner-site';
import { removeDataDir, startServer, type RunningServer } from './server';
import { TourBuilder } from './tour-builder';

export interface RigOptions {
  /** The server's settings beside the machine's environment (the same after a restart). */
  env?: Record<string, string>;
  /** A partner's site on another origin too, for pages that embed the viewer. */
  partner?: boolean;
}

/** What a test file works with: the built server, Chromium, and the partner site if asked for. */
export interface Rig {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Only with `partner: true`. */
  readonly partner: PartnerSite;
  /** Owners and tours made through the server's API (made on first use). */
  readonly builder: TourBuilder;
  /**
   * Stops the server and starts it again on the same port and data folder, with `env` instead if given; `meanwhile`
   * runs while it is down.
   */
  restartServer(options?: { env?: Record<string, string>; meanwhile?: () => Promise<void> }): Promise<void>;
}

/**
 * Starts what the calling test file needs, at once, before its tests (beforeAll), and takes it all down after them
 * (afterAll), the data folder too. Its handles are read inside tests and hooks, once they exist.
 */
export function testRig(options: RigOptions = {}): Rig {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let partner: PartnerSite | undefined;
  let builder: TourBuilder | undefined;
  const started = <T>(handle: T | undefined, what: string): T => {
    if (!handle) throw new Error(`the rig's ${what} is not running (read it inside a test or hook, after the rig's beforeAll)`);
    return handle;
  };

  beforeAll(async () => {
    [server, browser, partner] = await Promise.all([startServer({ env: options.env }), launchChromium(), options.partner ? startPartnerSite() : undefined]);
  });
  afterAll(async () => {
    await browser?.close();
    await partner?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get partner() {
      return started(partner, 'partner site');
    },
    get builder() {
      const { origin, dataDir } = started(server, 'server');
      // A restart keeps the port and the data folder: the same builder serves.
      builder ??= new TourBuilder(origin, dataDir);
      return builder;
    },
    async restartServer({ env = options.env, meanwhile } = {}) {
      const stopped = started(server, 'server');
      await stopped.stop();
      await meanwhile?.();
      server = await startServer({ dataDir: stopped.dataDir, port: stopped.port, env });
    },
  };
}
