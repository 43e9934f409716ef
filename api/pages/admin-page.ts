import { escapeHtml } from './public-tour-page';

/**
 * The admin's page with the product's name (SITE_NAME) as its document title and in its application-name, which
 * the admin's header reads: one brand name across the pages, mails and the admin.
 */
export function brandedAdminPage(html: string, siteName: string): string {
  const name = escapeHtml(siteName);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/<meta name="application-name" content="[^"]*">/, `<meta name="application-name" content="${name}">`);
}
