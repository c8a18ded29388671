// A config file's text as a person may see it in a diff: every string that
// holds a secret (an "env" or "headers" value named like one, the value
// after "--api-key" in "args", a URL's credentials or token) replaced by
// "***" in place, so the lines and the layout stay those of the file.

import { parseTree, type Node } from 'jsonc-parser';
import { REDACTED, isSecretName, redactArgs } from '../../../shared/redact';

interface Replacement {
  offset: number;
  length: number;
  text: string;
}

/** `text` with the secrets in its strings shown as "***"; text that is not JSON(C) is redacted as far as it parses. */
export function redactedConfigText(text: string): string {
  const tree = parseTree(text.replace(/^\uFEFF/, ' '), [], { allowTrailingComma: true, disallowComments: false });
  if (tree === undefined) return text;
  const replacements: Replacement[] = [];
  collect(tree, replacements);
  let out = text;
  for (const { offset, length, text: shown } of replacements.sort((a, b) => b.offset - a.offset))
    out = out.slice(0, offset) + shown + out.slice(offset + length);
  return out;
}

function collect(node: Node, into: Replacement[]): void {
  if (node.type === 'array') {
    const strings = (node.children ?? []).filter((child) => child.type === 'string');
    const shown = redactArgs(strings.map((child) => child.value as string));
    strings.forEach((child, index) => replaceString(child, shown[index]!, into));
  } else if (node.type === 'property') {
    const [key, value] = node.children ?? [];
    if (value?.type === 'string') {
      const name = String(key?.value ?? '');
      replaceString(value, isSecretName(name) ? REDACTED : redactArgs([value.value as string])[0]!, into);
    }
  }
  for (const child of node.children ?? []) if (node.type !== 'array' || child.type !== 'string') collect(child, into);
}

function replaceString(node: Node, shown: string, into: Replacement[]): void {
  if (shown !== node.value) into.push({ offset: node.offset, length: node.length, text: JSON.stringify(shown) });
}
