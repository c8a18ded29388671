// `caveman-shrink [shrink [FILE]]`: catalog in, compressed catalog on stdout,
// one JSON report line on stderr. Fail-open: whatever happens, stdout gets
// bytes a pipeline can use, and the exit status is 0.

import { basename } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { CliErrorLine, ShrinkReport } from '../../../shared/contracts';
import { CavemanError, asCavemanError } from '../../../shared/errors';
import type { TokenizerName } from '../../../shared/tokenizers';
import { formatMiB } from '../../api/read-catalog-text';
import { shrink } from '../../api/shrink';
import { readBoundedFile, readBoundedStream, type BoundedInput } from '../bounded-input';
import { writeAll } from '../stdio';

export interface ShrinkCommandOptions {
  tokenizer: TokenizerName;
  store?: string | undefined;
}

export interface CommandIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

export async function runShrinkCommand(file: string | undefined, options: ShrinkCommandOptions, io: CommandIo): Promise<number> {
  let input: BoundedInput;
  try {
    input = file === undefined || file === '-' ? await readBoundedStream(io.stdin) : await readBoundedFile(file);
  } catch (error) {
    await writeAll(io.stderr, `caveman-shrink: cannot read ${file ?? 'stdin'}: ${(error as Error).message}\n`);
    return 1;
  }

  if (input.tooLarge) {
    await writeAll(io.stdout, input.head);
    for await (const chunk of input.rest) await writeAll(io.stdout, chunk);
    const size = input.size !== undefined ? formatMiB(input.size) : 'more than 32 MiB';
    const error = new CavemanError('cave_input_too_large', `the catalog is ${size}, above the 32 MiB limit`);
    return reportLine(io, { error: error.toValue(), note: 'passed through unchanged without being buffered; nothing was stored', passed_through: true });
  }

  try {
    const { result, error } = await shrink(input.bytes, {
      tokenizer: options.tokenizer,
      ...(options.store !== undefined ? { store: options.store } : {}),
      sourceName: file === undefined || file === '-' ? 'stdin' : basename(file),
      sharedOutput: true,
    });
    const { output, ...report } = result;
    await writeAll(io.stdout, output);
    return reportLine(io, withNote(report, error));
  } catch (thrown) {
    // A failure we did not foresee still passes the catalog through.
    await writeAll(io.stdout, input.bytes);
    return reportLine(io, { error: asCavemanError(thrown).toValue(), note: 'passed through unchanged; nothing was stored', passed_through: true });
  }
}

function withNote(report: ShrinkReport, storeError: CavemanError | undefined): ShrinkReport {
  if (storeError) return { ...report, note: `nothing was stored (${storeError.message}); the original bytes were passed through` };
  if (report.pass_through) return { ...report, note: `passed through unchanged, nothing was stored: ${report.pass_through.message}` };
  return report;
}

async function reportLine(io: CommandIo, line: ShrinkReport | CliErrorLine): Promise<number> {
  await writeAll(io.stderr, JSON.stringify(line) + '\n');
  return 0;
}
