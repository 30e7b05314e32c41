// Lint: typescript-eslint's recommended rules plus the design's dependency rule
// (core imports only zod and luxon; adapters import core; apps import core and adapters;
// nothing imports apps). tests/architecture/dependency-rule.unit.test.ts checks the same rule
// over the whole tree, so a violation fails both `npm run lint` and `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const appsImport = { regex: '^(@apps/|(\\.\\./)+apps/)', message: 'Nothing imports apps (design: dependency rule).' };

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/peer/**', 'tests/architecture/fixtures/**', 'coverage/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [appsImport] }],
    },
  },
  {
    files: ['core/**/*.{ts,tsx}'],
    ignores: ['core/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!(zod|luxon)(/.*)?$|@core/|\\./|\\.\\./)',
              message: 'core/ may import only zod, luxon and core itself (design: dependency rule).',
            },
            { regex: '^(\\.\\./)+(adapters|apps)/', message: 'core/ may not import adapters or apps.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'core/ is pure: outside calls go through ports.' },
        { name: 'process', message: 'core/ is pure: configuration comes in as arguments.' },
      ],
      // Reading the clock makes a rule depend on when it runs: core takes the time as an argument.
      // A Date built from a given value (new Date(ms), Date.UTC, Date.parse) stays allowed.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'core/ is pure: take the time as an argument instead of Date.now().' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'core/ is pure: take the time as an argument instead of new Date().' },
        { selector: "CallExpression[callee.name='Date']", message: 'core/ is pure: take the time as an argument instead of Date().' },
      ],
    },
  },
  {
    // Tests and benchmarks drive the apps (start a server, spawn the CLI): they may import them.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['adapters/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appsImport] }],
    },
  },
  {
    // The two classic hook rules (not the React Compiler set): hooks called in order, effects
    // that list what they read.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@adapters/', message: 'The web app runs in the browser: it may use core, not adapters.' },
            { regex: '^(@apps/(server|scheduler|cli)|(\\.\\./)+(server|scheduler|cli)/)', message: 'Apps do not import each other.' },
          ],
        },
      ],
    },
  },
);
