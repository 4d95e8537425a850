// Lint rules for the whole repository. The layering rules are the reason this file exists: core is
// the domain and imports neither the host nor the plugins; plugins never import the host.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const upward = (...folders) => folders.flatMap((f) => [`**/${f}/**`, `**/${f}`]);

/** What core may not import: the host, the plugins, and the libraries plugins wrap. */
const coreLayering = [
  { group: upward('host', 'plugins'), message: 'core is the domain: it imports neither host/ nor plugins/.' },
  {
    group: [
      'tsyringe',
      'uWebSockets.js',
      'drizzle-orm',
      'drizzle-orm/*',
      'mysql2',
      'mysql2/*',
      'better-sqlite3',
      '@elastic/*',
      'undici',
      'piscina',
    ],
    message:
      'core knows no container, HTTP server, SQL dialect or search engine: reach them through a contract in core/plugin.',
  },
];
const coreWithoutFiles = {
  group: ['node:fs', 'node:fs/promises', 'fs', 'fs/promises'],
  message: 'core never touches the file system: files go through a contract (AssetStorage) in core/plugin.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tap/**',
      'coverage/**',
      '**/migrations/**',
      '**/analytics-migrations/**',
      // What `npm test` compiles beside the sources for its run (scripts/run-tests.mjs).
      '{core,host,plugins,test}/**/*.js',
      'admin/src/**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        Buffer: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      'no-console': 'error',
      // More than four parameters: take one options object, so that call sites name what they pass.
      'max-params': ['error', 4],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...coreLayering, coreWithoutFiles] }] },
  },
  {
    // Reading the properties file is configuration, not content.
    files: ['core/config/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: coreLayering }] },
  },
  {
    files: ['plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: upward('host'), message: 'plugins import core (the plugin kit), never host/.' }] },
      ],
    },
  },
  {
    // The built-in plugins use the plugin kit and nothing else of the service, as a third party's
    // must, so the kit is known to be enough. Every plugin folder is held to it, a new one too,
    // except the storage drivers, which share plugins/storage/drizzle and have their own rule below.
    files: ['plugins/**/*.ts'],
    ignores: ['plugins/storage/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: upward('host'), message: 'plugins import core (the plugin kit), never host/.' },
            {
              regex: '^(?!(?:\\.\\./)+core/plugin/kit\\.js$)\\.\\./',
              message:
                'This plugin imports only the plugin kit (core/plugin/kit.ts, what `cms/plugin` exports), its own files and its own libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // The storage drivers too: of the service they import only the kit (which carries the storage
    // contract and the model it stores). They share the dialect-neutral repositories of
    // plugins/storage/drizzle between them, so only core and host are fenced off here.
    files: ['plugins/storage/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: upward('host'), message: 'plugins import core (the plugin kit), never host/.' },
            {
              regex: '^(?:\\.\\./)+core/(?!plugin/kit\\.js$)',
              message:
                'A storage driver imports only the plugin kit (core/plugin/kit.ts, what `cms/plugin` exports) of the service.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests (with the contract suites plugins run), scripts and benchmarks may say `any` for JSON
    // answers and print to the console.
    files: ['test/**/*.ts', 'core/plugin/testing/**/*.ts', 'scripts/**', 'bench/**', 'examples/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off', 'max-params': 'off' },
  },
);
