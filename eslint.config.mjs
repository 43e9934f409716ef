import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The frontends share only the domain model with the server.
const SCHEMA_ONLY = {
  group: ['**/api/*', '**/api/**', '!**/api/schema', '!**/api/schema/**'],
  message: 'embed/ and admin/ may import only api/schema/ from the server.',
};

// react-toastify's default entry puts its CSS in a <style> element, which our pages' CSP does not apply.
const UNSTYLED_TOASTS = { name: 'react-toastify', message: 'Import react-toastify/unstyled: its CSS comes as a stylesheet.' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/tmp/', 'bench/results/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules of hooks and their dependencies; the React Compiler's rules are not ours (we do not run it).
    files: ['admin/**/*.{ts,tsx}', 'embed/**/*.{ts,tsx}', 'test/browser/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The request path stays lean: Hono builds `c.var` anew from its map on every access (see api/app-env.ts).
    files: ['api/**'],
    rules: {
      // One logger, passed in: the server's lines are pino's JSON (or pretty on a terminal), at LOG_LEVEL.
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[computed=false][property.name='var']", message: 'Read request variables with c.get(), not c.var.' },
      ],
    },
  },
  {
    // Migrations are frozen against the database as it was, not today's types (Kysely's own advice).
    files: ['api/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The domain model runs in the browser and on the server alike.
    files: ['api/schema/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'hono', 'hono/**', 'kysely', 'better-sqlite3', 'sharp', '../**'],
              message: 'api/schema/ imports nothing from node:*, hono, kysely or the rest of api/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The viewer's budget has no room for zod: from the schema modules that build zod schemas it takes types only.
    files: ['embed/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/api/schema(/(tour|requests|auth-requests|index))?$',
              allowTypeImports: true,
              message: 'These schema modules pull zod into the viewer bundle: import types only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['embed/**', 'admin/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [UNSTYLED_TOASTS], patterns: [SCHEMA_ONLY] }] },
  },
  {
    // The editor borrows the viewer's panorama, and the app the icons and share logic, through two front doors, so
    // embed/ can change inside without breaking admin/.
    files: ['admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [UNSTYLED_TOASTS],
          patterns: [
            SCHEMA_ONLY,
            {
              group: ['**/embed/*', '**/embed/**', '!**/embed/panorama', '!**/embed/panorama/index', '!**/embed/shared', '!**/embed/shared/index'],
              message: 'admin/ may import from embed/ only through embed/panorama/index.ts and embed/shared/index.ts.',
            },
          ],
        },
      ],
    },
  },
);
