/** The product's name (SITE_NAME), which the server writes into the admin's page. */
export const SITE_NAME = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || 'Tour Platform';
