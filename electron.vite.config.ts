import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compactRanksFileName, encodeCompactRanks } from './src/main/engine/tokens/exact/compact-ranks';
import { TOKENIZERS } from './src/shared/tokenizers';

// The vocabularies in their compact form beside the bundle, made from the
// official rank files (hash-checked) at build time so a cold start skips
// decoding them (src/main/engine/tokens/exact/compact-ranks.ts).
function compactRanks(): Plugin {
  return {
    name: 'caveman-compact-ranks',
    generateBundle() {
      for (const tokenizer of TOKENIZERS) {
        this.emitFile({ type: 'asset', fileName: compactRanksFileName(tokenizer), source: encodeCompactRanks(tokenizer) });
      }
    },
  };
}

// Every Node-side entry is built flat into out/main so workers can be found
// next to the module that starts them (new URL('./x.js', import.meta.url)).
const mainEntries = {
  index: resolve('src/main/electron/main.ts'),
  cli: resolve('src/main/cli/main.ts'),
  lib: resolve('src/main/lib.ts'),
  'web-host': resolve('src/main/web-host/main.ts'),
  'job-worker': resolve('src/main/jobs/job-worker.ts'),
  'count-worker': resolve('src/main/engine/tokens/count-worker.ts'),
  // The counter alone, for the bench's floor.
  'count-tokens': resolve('src/main/engine/tokens/count-tokens.ts'),
};

export default defineConfig({
  main: {
    plugins: [compactRanks()],
    build: {
      rollupOptions: {
        input: mainEntries,
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // resources/ (the app icon) is copied beside index.html: the window's icon and the web host's favicon.
    publicDir: resolve('resources'),
    build: {
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
