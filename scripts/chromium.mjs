// The one place that knows how tests and benchmarks start Debian's Chromium.
import { existsSync } from 'node:fs';

export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export function hasChromium() {
  return existsSync(chromiumPath());
}

/**
 * Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network
 * refuses. The media flags give every context a fake camera and microphone, and let WebRTC find candidates on
 * a machine with only loopback.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
