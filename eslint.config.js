// Lint: typescript-eslint's recommended rules plus the design's dependency rule
// (core imports only zod and luxon; adapters import core; apps import core and adapters;
// nothing imports apps). tests/architecture/dependency-rule.unit.test.ts checks the same rule
// over the whole tree, so a violation fails both `npm run lint` and `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

const appsImport = { regex: '^(@apps/|(\\.\\./)+apps/)', message: 'Nothing imports apps (design: dependency rule).' };

// The web app's own rule (bulletproof-react's one-way imports): app/ may import features; a feature
// imports shared folders (components, hooks, lib), core, and itself; another feature only when
// this list names it, and then only through that feature's public index.ts. The list is one-way:
// no feature appears on both sides of a pair. tests/architecture/web-features.unit.test.ts proves
// the rule on files that break it.
export const webFeatureImports = {
  calendar: ['schedules'],
  dashboard: ['replies'],
  mailbox: ['auth'],
  'schedule-forms': ['schedules'],
  'scheduler-test': ['connected-accounts', 'replies', 'schedules'],
  schedules: ['connected-accounts', 'replies', 'templates'],
  settings: ['billing'],
  shell: ['auth', 'replies'],
  subscription: ['billing'],
};
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webBase = [
  { regex: '^@adapters/', message: 'The web app runs in the browser: it may use core, not adapters.' },
  { regex: '^(@apps/(server|scheduler|cli)|(\\.\\./)+(server|scheduler|cli)/)', message: 'Apps do not import each other.' },
];
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureRules = (feature) => {
  const allowed = webFeatureImports[feature] ?? [];
  const index = allowed.length > 0 ? `(?!(${allowed.map(escape).join('|')})$)` : '';
  return [
    ...webBase,
    {
      regex: `^@web/features/(?!${escape(feature)}/)${index}`,
      message: allowed.length > 0
        ? `A feature imports another feature only through its index, and only those listed for it in eslint.config.js (${feature} may import: ${allowed.join(', ')}). Move shared code to components/, hooks/ or lib/.`
        : `A feature does not import another feature (${feature} has none listed in eslint.config.js). Move shared code to components/, hooks/ or lib/.`,
    },
    { regex: '^@web/app(/|$)', message: 'Features do not import app/: app/ composes the features.' },
    { regex: '^\\.\\./', message: 'Inside a feature, import siblings with ./ and anything else by its @web/ alias (so the feature rule sees it).' },
  ];
};

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
      'no-restricted-imports': ['error', { patterns: webBase }],
    },
  },
  {
    // Shared folders serve every feature, so they import none.
    files: ['apps/web/src/{components,hooks,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webBase,
            { regex: '^(@web/(features|app)(/|$)|(\\.\\./)+(features|app)(/|$))', message: 'Shared folders (components, hooks, lib) do not import features or app/.' },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featureRules(feature) }] },
  })),
);
