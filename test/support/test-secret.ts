/** The one JWT_SECRET every test signs with: as long as the server asks of a secret (32 characters or more). */
export const TEST_JWT_SECRET = 'test-secret-of-thirty-two-characters-or-more';
