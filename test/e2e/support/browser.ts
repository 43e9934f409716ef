import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}
