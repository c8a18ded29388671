// Where things are in a tool's input schema, for explaining a refusal: the
// JSON pointer of each schema object Ajv's errors point at (found by
// identity, so a `$ref`'s target is named where it is written), and a
// validator for any part of the schema, compiled in the whole schema's
// context so its `$ref`s still resolve. Built on a tool's first refusal.

import type { ErrorObject, ValidateFunction } from 'ajv';
import { pointerOf } from '../../engine/json/json-pointer';
import { SCHEMA_KEY, type CompiledTool } from './compile-tool';
import type { ExplainContext } from './explain-errors';

export class SchemaPlaces implements ExplainContext {
  private readonly pointers = new WeakMap<object, string>();
  private readonly parts = new Map<string, ValidateFunction | undefined>();

  constructor(private readonly tool: CompiledTool) {
    const visit = (node: unknown, segments: string[]): void => {
      if (typeof node !== 'object' || node === null) return;
      if (!this.pointers.has(node)) this.pointers.set(node, pointerOf(segments));
      for (const [key, value] of Object.entries(node)) visit(value, [...segments, key]);
    };
    visit(tool.schema, []);
  }

  pointerOf(schema: unknown): string | undefined {
    return typeof schema === 'object' && schema !== null ? this.pointers.get(schema) : undefined;
  }

  errorsAt(pointer: string, data: unknown): ErrorObject[] | undefined {
    const validate = this.partValidator(pointer);
    if (validate === undefined) return undefined;
    try {
      return validate(data) ? [] : [...(validate.errors ?? [])];
    } catch {
      return undefined;
    }
  }

  private partValidator(pointer: string): ValidateFunction | undefined {
    if (this.parts.has(pointer)) return this.parts.get(pointer);
    let validate: ValidateFunction | undefined;
    try {
      // The pointer's segments are escaped already (~0, ~1); a URI fragment also wants them percent-encoded.
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = this.tool.ajv.getSchema(`${SCHEMA_KEY}#${fragment}`);
    } catch {
      validate = undefined;
    }
    this.parts.set(pointer, validate);
    return validate;
  }
}
