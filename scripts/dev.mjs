// `npm run dev`: rebuilds on every change (rollup's watch mode) and restarts the server whenever a build has been
// written, so the built files it keeps in memory are the new ones. Settings come from the environment, as for
// `npm start`.
import { spawn } from 'node:child_process';
import { loadConfigFile } from 'rollup/loadConfigFile';
import { watch } from 'rollup';

const { options, warnings } = await loadConfigFile(new URL('../rollup.config.mjs', import.meta.url).pathname);
warnings.flush();
const watcher = watch(options);

let server;
function restartServer() {
  const start = () => {
    server = spawn(process.execPath, ['dist/api/server.js'], { stdio: 'inherit' });
    server.once('exit', () => (server = undefined));
  };
  if (!server) return start();
  // The server drains its requests on SIGTERM (a few seconds at most) before the next takes the port.
  server.once('exit', start);
  server.kill('SIGTERM');
}

watcher.on('event', (event) => {
  if (event.code === 'BUNDLE_END') event.result.close();
  if (event.code === 'ERROR') console.error(`build failed: ${event.error.message}`);
  if (event.code === 'END') {
    console.log('built: (re)starting the server');
    restartServer();
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await watcher.close();
    server?.kill('SIGTERM');
  });
}
