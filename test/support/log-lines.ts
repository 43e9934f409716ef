import { createLogger, type Logger } from '../../api/config/logger';

export interface CapturedLog {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines: () => Array<Record<string, unknown>>;
}

/** A real pino logger whose JSON lines are kept in memory instead of going to stdout. */
export async function captureLog(): Promise<CapturedLog> {
  const written: string[] = [];
  const logger = await createLogger({ destination: { write: (line: string) => void written.push(line) } });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
