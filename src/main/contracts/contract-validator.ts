// One Ajv (JSON Schema 2020-12, strict mode) for every contract, compiled
// once per process. Boundaries validate what they send and receive with it.

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { CONTRACT_SCHEMAS } from '../../shared/contracts';

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * A new Ajv with every contract schema added, in strict mode (unknown
 * keywords fail) plus our two keywords: `binary` (the value is a Uint8Array)
 * and `tsType` (an annotation for the generated TypeScript).
 */
export function createContractAjv(): Ajv2020 {
  const instance = new Ajv2020({ strict: true, allErrors: true });
  instance.addKeyword({
    keyword: 'binary',
    schemaType: 'boolean',
    errors: false,
    validate: (expected: boolean, data: unknown) => !expected || data instanceof Uint8Array,
  });
  instance.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  for (const schema of CONTRACT_SCHEMAS) instance.addSchema(schema as object);
  return instance;
}

/** The shared instance, compiled once per process. */
export function contractAjv(): Ajv2020 {
  ajv ??= createContractAjv();
  return ajv;
}

/** The compiled validator of a schema by `$id` (or `$id#/pointer`). */
export function validatorFor(id: string): ValidateFunction {
  let validate = compiled.get(id);
  if (!validate) {
    const found = contractAjv().getSchema(id);
    if (!found) throw new Error(`no contract schema with id ${id}`);
    validate = found;
    compiled.set(id, validate);
  }
  return validate;
}

export { describeErrors } from '../../shared/contracts/describe-errors';
