// How a schema failure reads, wherever an Ajv validator ran (main's compiled
// ones or the renderer's standalone ones).

/** The part of an Ajv error a sentence needs. */
export interface SchemaError {
  instancePath: string;
  message?: string;
}

/** Readable summary of Ajv errors: "/tools/0/name must be string; …". */
export function describeErrors(errors: readonly SchemaError[] | null | undefined): string {
  if (!errors || errors.length === 0) return 'does not match its contract';
  return errors
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
    .join('; ');
}
