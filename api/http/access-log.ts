import type { Context } from 'hono';
import { pino } from 'pino';
import type { AppEnv } from '../app-env';
import type { Logger } from '../config/logger';

const INFO = pino.levels.values.info;

/**
 * Writes the line `logger.info({requestId, method, path, status, ms}, 'request')` would, in the same shape and to
 * the same destination (stdout, pino-pretty on a terminal, a test's capture). It is made here because it is written
 * for every request: pino's serialiser, which walks the fields one by one and escapes each string a character at a
 * time, cost a visitor's tour read more than Hono's routing. The destination and the logger's bindings (pid,
 * hostname) are reached through the symbols pino exposes for such integrations; our loggers set no formatters,
 * mixins or timestamp option that would change how pino itself shapes a line.
 */
function writeAccessLine(logger: Logger, requestId: string, method: string, path: string, status: number, ms: number): void {
  const { streamSym, chindingsSym } = pino.symbols;
  const held = logger as unknown as Record<symbol, unknown>;
  const destination = held[streamSym] as pino.DestinationStream;
  destination.write(
    `{"level":${INFO},"time":${Date.now()}${held[chindingsSym] as string},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
  );
}

/** The access line of a request started at `started` (performance.now()), once its answer is ready. */
export function logAccess(c: Context<AppEnv>, started: number): void {
  const logger = c.get('logger');
  if (!logger.isLevelEnabled('info')) return;
  writeAccessLine(logger, c.get('requestId'), c.req.method, c.req.path, c.res.status, Math.round((performance.now() - started) * 10) / 10);
}
