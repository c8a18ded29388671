// A TypeScript program that uses the packed package as any consumer would:
// scripts/test-package.mjs type-checks it against the installed declarations
// (tsc --noEmit, skipLibCheck off), then runs it on a catalog and a store.
import { readFileSync } from 'node:fs';
import { lint, recover, recoverTool, selectionProfile, shrink } from 'caveman-shrink-desktop';

const [catalogPath, store] = process.argv.slice(2) as [string, string];
const catalog = readFileSync(catalogPath);
const { result } = await shrink(catalog, { store });
const handle = result.recovery_handle!;
const sameBytes = Buffer.from(recover(handle, { store })).equals(catalog);
const firstTool = selectionProfile(catalog).tools[0]!.name;
const tool = recoverTool(handle, firstTool, { store });
const report = await lint(catalog);
console.log(JSON.stringify({ handle, sameBytes, tokensSaved: result.tokens_before - result.tokens_after, tool: tool.name, lintedTools: report.tools.length }));
