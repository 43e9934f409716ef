import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Logger } from './config/logger';
import type { UserRow } from './db/tables';
import type { Mailer } from './mail/mailer';
import type { MediaStorage } from './media/media-storage';
import type { RateLimitStore } from './http/rate-limit-store';

/**
 * What every handler finds with `c.get`. Not `c.var`: Hono builds that object anew from its map on every access,
 * and a profile of visitors' tour reads found those copies among the costliest steps.
 */
export interface AppEnv {
  Variables: {
    db: Db;
    config: Config;
    requestId: string;
    mailer: Mailer;
    /** Where uploads are stored and read back. */
    media: MediaStorage;
    logger: Logger;
    /** Where every rate limiter counts. */
    rateLimitStore: RateLimitStore;
    /** The signed-in user, when the request carried a valid token. */
    user: UserRow | undefined;
    token: string | undefined;
    /** The session of that token, which sign-out ends. */
    sessionId: string | undefined;
  };
}
