import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout for log collectors; on a terminal, pino-pretty's readable lines instead (loaded only then,
 * and run in this thread: a terminal reader does not need a worker's throughput).
 */
export async function createLogger(destination?: DestinationStream): Promise<Logger> {
  if (destination) return pino({}, destination);
  if (process.stdout.isTTY) {
    const { default: pretty } = await import('pino-pretty');
    return pino(pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
  }
  // Written in the background, many lines a write under load, instead of a write call per request; pino writes out
  // what is left when the process exits.
  return pino(pino.destination({ sync: false }));
}
