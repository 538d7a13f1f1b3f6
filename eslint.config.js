import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// `log?.info({ n: await work() })` skips `work()` when there is no log: the demo seed made no invoice that way.
const awaitInOptionalCall = {
  selector: 'ChainExpression CallExpression > *.arguments AwaitExpression, ChainExpression CallExpression > AwaitExpression.arguments',
  message: 'Await before an optional call: its arguments are not evaluated when the chain stops.',
};
/** One euro formatter per side (issue 26: four copies disagreed): web shared/format/energy-format.ts, server platform/document-texts.ts. */
const ownCurrencyFormat = {
  selector: "Property[key.name='style'][value.value='currency']",
  message: 'Format money with formatCents (web) or formatMoney (server), the one formatter of each side.',
};

/** Rule 9: each web feature folder may import from any folder but the other features'. */
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true }).filter((entry) =>
  entry.isDirectory(),
);
const apartFeatures = webFeatures.map(({ name }) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Features must not import each other; move shared code to shared/.',
}));

export default tseslint.config(
  { ignores: ['**/dist', '**/node_modules', 'apps/web/src/route-tree.gen.ts', 'data', '.cache', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Type-aware rules: a promise nobody awaits loses its error, and a cast the types already prove hides nothing.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-base-to-string': 'error',
      // TanStack Router redirects, and refuses a page as not found, by throwing its own objects.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
      ],
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      'no-restricted-syntax': ['error', awaitInOptionalCall],
    },
  },
  {
    // An import circle (even of types) ties modules that should stand apart and makes load order matter.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Test doubles stringify fetch's `RequestInfo | URL` argument, which is always a string in the app.
    files: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Decision 023: cache keys come from one factory, so invalidation reaches every page that shows the data;
    // dates are picked with the one date field (DD.MM.YYYY, Monday first, up to 9999-12-31).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/shared/api/query-keys.ts',
      'apps/web/src/shared/api/refreshing-mutation.ts',
      'apps/web/src/shared/ui/status-colours.ts',
      'apps/web/src/themes/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Use a key from shared/api/query-keys.ts.' },
        {
          selector: "JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|month|week)$/]",
          message: 'Use shared/ui/date-field.tsx for dates.',
        },
        {
          selector: "MemberExpression[object.name='URL'][property.name='createObjectURL']",
          message: 'Save a download with shared/files/save-file.ts, the one saver.',
        },
        {
          // Colours are a theme's (themes/) or a state's (shared/ui/status-colours.ts, contrast-checked): copies drifted.
          selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$/]',
          message: "Colour a state with shared/ui/status-colours.ts; a site's colours live in its theme.",
        },
        {
          // One way for a change to refresh what it touched (on done and on refused alike): 19 copies did it inline, some
          // only on success.
          selector: "CallExpression[callee.name='useMutation'] CallExpression[callee.property.name='invalidateQueries']",
          message: 'A change that refreshes queries is a useRefreshingMutation (shared/api/refreshing-mutation.ts).',
        },
        ownCurrencyFormat,
        awaitInOptionalCall,
      ],
    },
  },
  {
    // Rule 9: a feature imports from shared/ and its own folder, never from another feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apartFeatures }] },
  },
  {
    // Decision 023: a feature's calls to the API live in its `<resource>-queries.ts` files, with their query options
    // and hooks; pages and components use those.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*-queries.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/api/api-client.ts'],
              importNames: ['api', 'downloadFile'],
              message: "Call the API from the feature's <resource>-queries.ts (decision 023).",
            },
          ],
        },
      ],
    },
  },
  {
    // The platform and the adapters to outside systems serve every module; none of them may lean on one.
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/integrations/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'platform/ and integrations/ must not import modules/; pass what they need in.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ownCurrencyFormat, awaitInOptionalCall] },
  },
  {
    // A module may use another module's repository, views or named service, never its routes file: routes are HTTP
    // only, and what two modules share lives in platform/ (money, phone numbers, limits) or in the module that owns it.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/routes(\\.ts)?$',
              message: "Do not import another module's routes file; move what both need to platform/ or to a service.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
