// Lint rules, including the package boundaries of ARCHITECTURE.md: core imports nothing of ours;
// server and web import core, never each other; web texts go through i18n.
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (message, patterns, paths = []) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: patterns, message }], paths: paths.map((name) => ({ name, message })) },
  ],
});

const SERVER_NOT_WEB = ['@ipdesk/web', '@ipdesk/web/*', '**/packages/web/**', '../../web/**'];
const ROUTE_COMMANDS =
  'routes validate, authorize, call one command and present: move database and audit work into a verbNoun(deps, ctx, input) command (docs/commands.md)';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: boundary(
      'core is pure: it imports nothing of ours and does no I/O',
      ['@ipdesk/*', '**/server/**', '**/web/**', 'node:*'],
      ['fs', 'path', 'http', 'https', 'net', 'child_process'],
    ),
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: boundary('server imports core, never web', SERVER_NOT_WEB),
  },
  {
    // Thin routes (docs/commands.md): validate, authorize, call one command, present. The database and
    // the audit log are the commands' business. This block restates the server's boundary, since a later
    // block's options replace an earlier one's for the same rule.
    files: ['packages/server/src/http/routes/**/*.ts', 'packages/server/src/domains/*/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_NOT_WEB, message: 'server imports core, never web' },
            { group: ['**/db/**', '**/db/*'], message: ROUTE_COMMANDS },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='audit']", message: ROUTE_COMMANDS },
        { selector: "CallExpression[callee.property.name='audit']", message: ROUTE_COMMANDS },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...boundary('web imports core, never server', [
        '@ipdesk/server',
        '@ipdesk/server/*',
        '**/packages/server/**',
        '../../server/**',
      ]),
      ...reactHooks.configs.recommended.rules,
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      // A native maxLength cuts pasted text and the shortened value is saved (issue 14): inputs show
      // count/max with components/length-limit.ts and their forms refuse what is too long.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='maxLength']",
          message:
            'maxLength cuts pasted text: use count={lengthCount(max)} and maxLengthRule (components/length-limit)',
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.test.{ts,tsx}'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'bench/**/*.ts',
      'e2e/**/*.ts',
      'packages/server/src/main.ts',
      'packages/server/src/tenant-create.ts',
      'packages/server/src/seed/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
