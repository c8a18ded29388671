import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
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

// The worker scripts, each with the module that starts it by file name
// (resolveWorkerScript), which no bundler sees as an import.
const workers = {
  'job-worker': { entry: 'src/main/workers/job-worker.ts', startedBy: 'src/main/workers/worker-client.ts' },
  'count-worker': { entry: 'src/main/engine/tokens/count-worker.ts', startedBy: 'src/main/engine/tokens/parallel-counter.ts' },
};

// Every Node-side entry is built flat into out/main so workers can be found
// next to the module that starts them (new URL('./x.js', import.meta.url)).
const mainEntries = {
  index: resolve('src/main/electron/main.ts'),
  cli: resolve('src/main/cli/main.ts'),
  lib: resolve('src/main/lib.ts'),
  'web-host': resolve('src/main/web-host/main.ts'),
  ...Object.fromEntries(Object.entries(workers).map(([name, worker]) => [name, resolve(worker.entry)])),
  // The counter alone, for the bench's floor.
  'count-tokens': resolve('src/main/engine/tokens/count-tokens.ts'),
};

// The npm package ships the CLI and the library: these entries, every chunk
// they import (statically or when a command runs) and the workers those
// start. out/main/.npmignore lists every other chunk (the app's, the web
// host's, the bench's), so package.json's `files` can name out/main whole.
function npmPackageFiles(entries: readonly string[]): Plugin {
  return {
    name: 'caveman-npm-package-files',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const pending = chunks.filter((chunk) => chunk.isEntry && entries.includes(chunk.name)).map((chunk) => chunk.fileName);
      const shipped = new Set<string>();
      for (let fileName = pending.pop(); fileName !== undefined; fileName = pending.pop()) {
        const chunk = byFileName.get(fileName);
        if (!chunk || shipped.has(fileName)) continue;
        shipped.add(fileName);
        pending.push(...chunk.imports, ...chunk.dynamicImports);
        for (const [name, worker] of Object.entries(workers)) if (chunk.moduleIds.includes(resolve(worker.startedBy))) pending.push(`${name}.js`);
      }
      const appOnly = chunks
        .map((chunk) => chunk.fileName)
        .filter((fileName) => !shipped.has(fileName))
        .sort();
      this.emitFile({
        type: 'asset',
        fileName: '.npmignore',
        source: `# Written by the build (electron.vite.config.ts): not part of the npm package.\n${appOnly.join('\n')}\n`,
      });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [compactRanks(), npmPackageFiles(['cli', 'lib'])],
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
