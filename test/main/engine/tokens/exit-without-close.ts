// Run as a child process by parallel-counter.test.ts: counts a large text
// with the pool and never calls close(). Idle workers are unref()-ed, so
// the process must still exit on its own, as a CLI would.
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';

const text = '{"name":"tool","description":"Reads a file, then returns its lines."},\n'.repeat(8000);
const counter = new ParallelTokenCounter({ workers: 1, minParallelChars: 1024, chunkChars: 4096 });
void counter.warmUp();
const job = counter.begin(text, 'o200k_base');
const count = await job.finish({ help: false });
process.stdout.write(`${count === countTokens(text, 'o200k_base') ? 'exact' : 'WRONG'} ${count}\n`);
