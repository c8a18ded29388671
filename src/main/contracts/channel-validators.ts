// The channel table's validators for the dispatcher, generated as standalone
// Ajv code (`npm run contracts`), so a host starts without loading Ajv or
// compiling a schema; they check exactly what contract-validator.ts's compiled
// ones check (test/shared/contracts.test.ts holds them to that).

import type { ValidateFunction } from 'ajv';
import { CHANNEL_VALIDATORS } from './channel-validators.generated';

/** The validator of a schema the channel table names, by `$id` (or `$id#/pointer`). */
export function channelValidator(id: string): ValidateFunction {
  const validate = CHANNEL_VALIDATORS.get(id);
  if (!validate) throw new Error(`no channel validator for ${id} (run \`npm run contracts\`)`);
  return validate;
}
