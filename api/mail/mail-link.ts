import type { Config } from '../config/config';

/**
 * The address a mailed link leads to: PUBLIC_URL and the path, never the address a request names in its Host or
 * X-Forwarded-* headers, which its sender chooses. Without PUBLIC_URL nothing is mailed (mail needs it), so the link
 * stays a path in the outbox and whoever shows it adds the address the app was opened at.
 */
export function mailLink(config: Config, path: string): string {
  return `${config.publicUrl ?? ''}${path}`;
}
