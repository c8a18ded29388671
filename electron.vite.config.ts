import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// Every Node-side entry is built flat into out/main so workers can be found
// next to the module that starts them (new URL('./x.js', import.meta.url)).
const mainEntries = {
  cli: resolve('src/main/cli/main.ts'),
  lib: resolve('src/main/lib.ts'),
  'count-worker': resolve('src/main/engine/tokens/count-worker.ts'),
};

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: mainEntries,
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
});
