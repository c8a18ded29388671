import { prettyDiff, type PrettyDiff } from '../../src/main/engine/diff/pretty-diff';
import { parseJson } from '../../src/main/engine/json/parse-json';
import { readCatalog } from '../../src/main/engine/transform/catalog-shape';
import { outputText, transformCatalog, type TransformOptions } from '../../src/main/engine/transform/transform-catalog';

/** Transformed output text of a catalog; throws when it is not one. */
export function shrinkText(text: string, options?: TransformOptions): string {
  const result = transformCatalog(parseJson(text), options);
  if (!result) throw new Error('not a catalog');
  return outputText(result);
}

/** The app's diff of a catalog against its shrunk text, each tool named at its original node. */
export function shrinkDiff(text: string): PrettyDiff {
  const before = parseJson(text);
  const after = parseJson(shrinkText(text));
  return prettyDiff(
    before,
    after,
    readCatalog(before)!.tools.map((tool) => ({ name: tool.name, original: tool.node })),
  );
}
