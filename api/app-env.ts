import type { Config } from './config';
import type { Db } from './db/database';

/** What every handler finds on `c.var`. */
export interface AppEnv {
  Variables: {
    db: Db;
    config: Config;
    requestId: string;
  };
}
