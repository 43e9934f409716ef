import type { Config } from './config';
import type { Db } from './db/database';
import type { UserRow } from './db/tables';
import type { Mailer } from './mail/mailer';

/** What every handler finds on `c.var`. */
export interface AppEnv {
  Variables: {
    db: Db;
    config: Config;
    requestId: string;
    mailer: Mailer;
    /** The signed-in user, when the request carried a valid token. */
    user: UserRow | undefined;
    token: string | undefined;
  };
}
