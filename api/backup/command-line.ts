import { resolve } from 'node:path';
import { dataDirFrom } from '../config/config';

/**
 * The archive named on the command line and the data folder of the settings. npm runs scripts from the project
 * folder, so a relative FILE is taken from where `npm run` was typed (INIT_CWD).
 */
export function archiveAndDataDir(usage: string): { archive: string; dataDir: string } {
  const [file] = process.argv.slice(2);
  if (!file) {
    process.stderr.write(`Usage: ${usage}\n`);
    process.exit(2);
  }
  return { archive: resolve(process.env.INIT_CWD ?? process.cwd(), file), dataDir: dataDirFrom(process.env) };
}

/** Runs a command's work, printing a failure as one plain line and exit code 1. */
export async function run(work: () => Promise<string>): Promise<void> {
  try {
    process.stdout.write(`${await work()}\n`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}
