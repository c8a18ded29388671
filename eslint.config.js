// Lint holds the code's layers (src/main's floors, the processes' boundaries): a wrong import fails CI.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'crypto',
  'http',
  'net',
  'url',
  'stream',
  'util',
  'events',
  'buffer',
  'zlib',
  'readline',
  'process',
];
const pattern = (group, message) => ({ group, message });

/** Files in src/main that may talk to Electron: lifecycle, windows, IPC registration, dialogs, menus. */
const electronGlue = ['src/main/electron/**/*.ts'];

/**
 * src/main's floors, top to bottom: the entry points (cli, electron, web-host) → services → jobs → workers → analysis → mcp
 * → library → store, engine and contracts. A file imports from its own floor and the floors below it, never from one above;
 * folders on one floor may import each other. docs/architecture.md says what each folder holds.
 */
const mainFloors = [['cli', 'electron', 'web-host'], ['services'], ['jobs'], ['workers'], ['analysis'], ['mcp'], ['library'], ['store', 'engine', 'contracts']];

/** A no-restricted-imports rule for domain code in src/main (Electron's glue has its own below). */
const restrictMain = (files, patterns) => ({ files, ignores: electronGlue, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/** Domain code in src/main: never Electron, never the renderer or preload, and never a floor above its own. */
function mainLayers(floors) {
  const base = [
    pattern(['electron', 'electron/*'], 'Domain code in src/main never imports Electron; only src/main/electron/** does.'),
    pattern(['**/renderer/**', '**/preload/**'], 'src/main does not import the renderer or the preload.'),
  ];
  const belowTheTop = floors.slice(1).map((folders, index) => {
    const above = floors.slice(0, index + 1).flat();
    const message = `Imports from src/main/${folders.join(', ')} only go down the floors (eslint.config.js): never to ${above.join(', ')}.`;
    const upward = above.map((folder) => `**/${folder}/**`);
    const files = folders.map((folder) => `src/main/${folder}/**/*.ts`);
    return restrictMain(files, [...base, pattern(upward, message)]);
  });
  return [restrictMain(['src/main/**/*.ts'], base), ...belowTheTop];
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'scratch/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'src/shared/contracts/types.generated.ts',
      'src/renderer/src/transport/answer-validators.generated.*',
      'src/main/contracts/channel-validators.generated.*',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Prettier wraps code at 160 columns but not strings, templates or comments: those are split by hand (a test title with a
    // line continuation, so the test call keeps its layout). A URL or a regex literal may run on. Core max-len is frozen, not gone, until ESLint 11.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // One import style: a relative import of a TypeScript module (or a generated .js beside its .d.ts) names no suffix.
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]', message: 'Import a relative module without the .js suffix.' },
        {
          selector: ':matches(ExportNamedDeclaration, ExportAllDeclaration)[source.value=/^\\.{1,2}\\/.*\\.js$/]',
          message: 'Export from a relative module without the .js suffix.',
        },
      ],
    },
  },
  // What the contracts script writes: one enum per line, as long as the schema's list.
  { files: ['**/*.generated.*'], rules: { 'max-len': 'off' } },
  {
    // Imports only go down src/main's floors (mainFloors above): a cycle is a layering mistake.
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            pattern(['electron', 'electron/*'], 'src/shared is pure TypeScript: no Electron.'),
            pattern(nodeBuiltins, 'src/shared is pure TypeScript: no Node built-ins.'),
            pattern(['**/main/**', '**/renderer/**', '**/preload/**', 'react', 'react-dom'], 'src/shared imports nothing from the process folders.'),
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require'],
    },
  },
  ...mainLayers(mainFloors),
  {
    files: electronGlue,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [pattern(['**/renderer/**', '**/preload/**'], 'Main does not import the renderer or the preload.')],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            pattern(['**/main/**', '**/renderer/**'], 'The preload is only the bridge: it imports src/shared and electron.'),
            pattern(nodeBuiltins, 'The sandboxed preload has no Node built-ins.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            pattern(['electron', 'electron/*'], 'The renderer never touches Electron; it uses window.api.'),
            pattern(nodeBuiltins, 'The renderer never touches Node.'),
            pattern(['**/main/**', '**/preload/**'], 'The renderer never imports main or the preload.'),
          ],
        },
      ],
    },
  },
);
