import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Features never import each other; routes (and app/, lib/, components/) compose them
 * (DESIGN §2, bulletproof-react's zones). One zone per feature folder, so a new feature is
 * covered without editing this file.
 */
function featureZones(featuresDir, exceptions = {}) {
  const dir = path.join(root, featuresDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${featuresDir}/${name}`,
      from: `./${featuresDir}`,
      except: [`./${name}`, ...(exceptions[name] ?? [])],
      message: 'Features do not import each other: move the shared part to lib/ or components/, or compose them in a route.',
    }));
}

/**
 * The shell apart (decision 125): features never import app/, and the shared kit (components/,
 * lib/, i18n/) imports neither features nor app/. app/ reaches features only through
 * pwa/src/shell-parts.ts, which sits above them as offline-kinds.ts does.
 */
const shellZones = [
  { target: './pwa/src/features', from: './pwa/src/app', message: 'Features never import the shell (app/): move the shared part to lib/ or components/.' },
  { target: './pwa/src/app', from: './pwa/src/features', message: 'The shell reaches features only through pwa/src/shell-parts.ts.' },
  ...['components', 'lib', 'i18n'].map((kit) => ({
    target: `./pwa/src/${kit}`,
    from: ['./pwa/src/features', './pwa/src/app'],
    message: 'The shared kit (components/, lib/, i18n/) imports neither features nor the shell (app/).',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'pwa/dist/**', 'pwa/dist-ssr/**', 'pwa/dev-dist/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript files when following imports (no-cycle), as the plugin's typescript preset does.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones('pwa/src/features'), ...featureZones('server/src/features'), ...shellZones] }],
    },
  },
  {
    // Issue 7: every sentence a person reads comes from the catalogues (pwa/src/i18n). Literal
    // text in JSX, and literal strings in the props people read or hear, fail the lint.
    // Code, symbols and numbers (no letters) pass: '·', '—', '©'.
    files: ['pwa/src/**/*.tsx'],
    ignores: ['pwa/src/i18n/**', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-zĀĒĪŌŪāēīōū]/]',
          message: 'Text a person reads comes from the catalogues: t("key") or <SpecText id="…"/> (pwa/src/i18n).',
        },
        {
          selector:
            ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Literal, ConditionalExpression > Literal, LogicalExpression > Literal)[value=/[A-Za-zĀĒĪŌŪāēīōū]/]',
          message: 'Text a person reads comes from the catalogues: t("key") or <SpecText id="…"/> (pwa/src/i18n).',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|alt|title|placeholder|label)$/] > Literal[value=/[A-Za-zĀĒĪŌŪāēīōū]/]',
          message: 'Labels, alt text, titles and placeholders come from the catalogues: t("key") (pwa/src/i18n).',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|alt|title|placeholder|label)$/] > JSXExpressionContainer > Literal[value=/[A-Za-zĀĒĪŌŪāēīōū]/]',
          message: 'Labels, alt text, titles and placeholders come from the catalogues: t("key") (pwa/src/i18n).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|alt|title|placeholder|label)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]',
          message: 'Labels, alt text, titles and placeholders come from the catalogues: t("key") (pwa/src/i18n).',
        },
      ],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read loosely-typed JSON answers from the API.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A test of lib/ may drive a feature's real kinds; the shell zones hold for what ships.
    files: ['pwa/src/**/*.test.ts', 'pwa/src/**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones('pwa/src/features') }] },
  },
);
