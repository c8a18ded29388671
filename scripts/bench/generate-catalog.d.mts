// Types for the tests that import the bench's catalog generator.
export function random(seed: number): () => number;
export function generateSmallTools(count: number): string;
export function generateCatalog(targetBytes: number, seed?: number): string;
export function generateWideCatalog(toolCount?: number, seed?: number): string;
