import type { MiddlewareHandler } from 'hono';
import type { HeaderList } from './answer-headers';
import type { AppEnv } from '../app-env';
import type { Config } from '../config/config';

/** Who may frame a page: the tour page is made to be embedded on any site, everything else only by our own pages. */
type Framing = 'anywhere' | 'self';

/**
 * The Content-Security-Policy of our own pages. Scripts come only from this origin (the tour page's data sits in a
 * `type="application/json"` script, which is never run). Styles too come only from files of this origin or from
 * constructed stylesheets: no `<style>` element or `style` attribute in markup applies, so markup an owner slipped
 * past the sanitiser cannot restyle the page. Media come from this origin or the media CDN; the video chat's socket is this origin, Twilio's servers when
 * Twilio is configured.
 */
export function contentSecurityPolicy(config: Config, framing: Framing): string {
  const media = /^https?:\/\//.test(config.mediaBaseUrl) ? ` ${new URL(config.mediaBaseUrl).origin}` : '';
  const twilio = config.twilio ? ' https://*.twilio.com wss://*.twilio.com' : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${media}${twilio}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framing === 'anywhere' ? '*' : "'self'"}`,
  ].join('; ');
}

/** On every answer: no content sniffing, and only our origin in the Referer of links followed from our pages. */
export const EVERY_ANSWER: HeaderList = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/**
 * The CSP of an HTML page, and X-Frame-Options for pages that must not be framed (for browsers that predate
 * frame-ancestors). It reads each answer's Content-Type, which costs a Headers object per answer: the app runs it
 * only for requests outside the API, which answers no pages.
 */
export function pagePolicy(config: Config): MiddlewareHandler<AppEnv> {
  const embeddable = contentSecurityPolicy(config, 'anywhere');
  const ownOnly = contentSecurityPolicy(config, 'self');
  return async (c, next) => {
    await next();
    if (!c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
    const tourPage = /^\/tours\/[^/]+\/?$/.test(c.req.path);
    c.res.headers.set('Content-Security-Policy', tourPage ? embeddable : ownOnly);
    if (!tourPage) c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
  };
}
