import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeScriptFiles = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const webFiles = ['apps/web/**/*.{ts,tsx,js,jsx,mjs}'];
/** The files the type-aware rules run on (scripts/check.mjs lints them with the typecheck's programs). */
export const typeAwareFiles = ['{apps,packages,e2e,bench}/**/*.{ts,tsx}'];

export default defineConfig(
  {
    name: 'playhouse/ignores',
    ignores: [
      '**/node_modules/',
      // Next's build folders, including extra ones built with another distDir.
      '**/.next*/',
      '**/.data/',
      '**/.tsbuild/',
      '**/dist/',
      '**/coverage/',
      '**/test-results/',
      '**/playwright-report/',
      '**/next-env.d.ts',
      'packages/db/migrations/meta/',
      'bench/results/',
    ],
  },
  {
    name: 'playhouse/linter-options',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    name: 'playhouse/node-globals',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    name: 'playhouse/typescript-recommended',
    files: typeScriptFiles,
    extends: [tseslint.configs.recommended],
  },
  {
    // The type-aware rules that catch real bugs (lost promises, awaiting non-promises) and cost one program per
    // workspace: files outside every tsconfig (root tooling, scripts) stay on the syntax-only rules above.
    name: 'playhouse/type-aware',
    files: typeAwareFiles,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    name: 'playhouse/typescript-rules',
    files: typeScriptFiles,
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    name: 'playhouse/web',
    files: webFiles,
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { ...reactHooks.configs.flat.recommended.plugins, ...nextPlugin.configs['core-web-vitals'].plugins },
    settings: { next: { rootDir: 'apps/web/' } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
    },
  },
  {
    // Fastify's request.ip is the TCP peer: the web server's address for every visitor behind it. The visitor is
    // request.clientAddress (apps/api/src/plugins/app/client-address.ts).
    name: 'playhouse/api-client-address',
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='request'][property.name=/^ips?$/]",
          message: 'Use request.clientAddress: request.ip is the TCP peer, not the visitor.',
        },
      ],
    },
  },
  {
    name: 'playhouse/ssr-baseline',
    files: ['bench/ssr-baseline/**/*.{js,jsx}'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
);
