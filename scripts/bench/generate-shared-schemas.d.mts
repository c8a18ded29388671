// Types for the tests that import the bench's shared-schemas generator.
export function generateSharedSchemas(targetBytes: number, copies?: number): string;
