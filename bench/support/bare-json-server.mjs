// The reference for the API bench: a bare Hono handler on @hono/node-server answering the bytes in the file
// BODY_FILE at PATH, as fast as this stack can answer anything. Plain JavaScript, so it starts without a loader.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.BODY_FILE);
const app = new Hono();
app.get(process.env.PATH_TO_SERVE, (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT) }, (info) => console.log(`listening on ${info.port}`));
