// `npm run migrate:sqlite-to-postgres -- <sqlite file> <DATABASE_URL>`: moves an installation's data to PostgreSQL.
import { resolve } from 'node:path';
import { copySqliteToPostgres, migrationArguments } from './sqlite-to-postgres';

const parsed = migrationArguments(process.argv.slice(2));
// npm runs scripts from the project folder: a relative file is taken from where `npm run` was typed.
const { code, message } = 'code' in parsed ? parsed : await copySqliteToPostgres(resolve(process.env.INIT_CWD ?? process.cwd(), parsed.file), parsed.url);
(code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
process.exit(code);
