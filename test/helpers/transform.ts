import { parseJson } from '../../src/main/engine/json/parse-json';
import { outputText, transformCatalog, type TransformOptions } from '../../src/main/engine/transform/transform-catalog';

/** Transformed output text of a catalog; throws when it is not one. */
export function shrinkText(text: string, options?: TransformOptions): string {
  const result = transformCatalog(parseJson(text), options);
  if (!result) throw new Error('not a catalog');
  return outputText(result);
}
