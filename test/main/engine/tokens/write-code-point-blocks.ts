// Records tiktoken's count of every block the code-point test counts
// (code-point-blocks.ts). Run after changing a context, a step or the
// tiktoken version:  node --import tsx test/main/engine/tokens/write-code-point-blocks.ts

import { writeFileSync } from 'node:fs';
import { CONTEXTS, PASSES, RECORD_URL, codePointBlocks, installedTiktoken, passKey, type BlockRecord } from './code-point-blocks';
import { tiktokenCount } from './tiktoken-oracle';
import { TOKENIZER_NAMES } from './token-fixtures';

const record: BlockRecord = { tiktoken: installedTiktoken(), counts: {} };
for (const tokenizer of TOKENIZER_NAMES)
  for (const { context, step } of PASSES)
    record.counts[passKey(tokenizer, CONTEXTS[context]!, step)] = [...codePointBlocks(CONTEXTS[context]!, step)].map((block) =>
      tiktokenCount(block.text, tokenizer),
    );
writeFileSync(RECORD_URL, JSON.stringify(record) + '\n');
