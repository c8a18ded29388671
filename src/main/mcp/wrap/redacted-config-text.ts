// A config file's text as a person may see it in a diff: every string that
// holds a secret (an "env" or "headers" value named like one, the value
// after "--api-key" in "args", a URL's credentials or token) replaced by
// "***" in place, so the lines and the layout stay those of the file. JSON(C)
// files are read with jsonc-parser, Codex's TOML with toml-eslint-parser.

import { parseTree, type Node } from 'jsonc-parser';
import { parseTOML, type AST } from 'toml-eslint-parser';
import { REDACTED, isSecretName, redactArgs } from '../../../shared/redact';

interface Replacement {
  offset: number;
  length: number;
  text: string;
}

/** `text` with the secrets in its strings shown as "***"; text that does not parse is redacted as far as it parses (JSON) or shown as it is (TOML). */
export function redactedConfigText(text: string, syntax: 'json' | 'toml' = 'json'): string {
  const replacements = syntax === 'toml' ? tomlReplacements(text) : jsonReplacements(text);
  let out = text;
  for (const { offset, length, text: shown } of replacements.sort((a, b) => b.offset - a.offset))
    out = out.slice(0, offset) + shown + out.slice(offset + length);
  return out;
}

function jsonReplacements(text: string): Replacement[] {
  const tree = parseTree(text.replace(/^\uFEFF/, ' '), [], { allowTrailingComma: true, disallowComments: false });
  const into: Replacement[] = [];
  if (tree !== undefined) collectJson(tree, into);
  return into;
}

function collectJson(node: Node, into: Replacement[]): void {
  if (node.type === 'array') {
    const strings = (node.children ?? []).filter((child) => child.type === 'string');
    const shown = redactArgs(strings.map((child) => child.value as string));
    strings.forEach((child, index) => replaceString(child.offset, child.length, child.value as string, shown[index]!, into));
  } else if (node.type === 'property') {
    const [key, value] = node.children ?? [];
    if (value?.type === 'string')
      replaceString(value.offset, value.length, value.value as string, shownValue(String(key?.value ?? ''), value.value as string), into);
  }
  for (const child of node.children ?? []) if (node.type !== 'array' || child.type !== 'string') collectJson(child, into);
}

function tomlReplacements(text: string): Replacement[] {
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(text.replace(/^\uFEFF/, ' '));
  } catch {
    return [];
  }
  const into: Replacement[] = [];
  for (const node of program.body[0].body) {
    for (const kv of node.type === 'TOMLTable' ? node.body : [node]) collectToml(kv, into);
  }
  return into;
}

function collectToml(kv: AST.TOMLKeyValue, into: Replacement[]): void {
  const last = kv.key.keys.at(-1);
  const name = last === undefined ? '' : last.type === 'TOMLBare' ? last.name : last.value;
  collectTomlValue(kv.value, name, into);
}

function collectTomlValue(value: AST.TOMLContentNode, name: string, into: Replacement[]): void {
  if (value.type === 'TOMLInlineTable') {
    for (const kv of value.body) collectToml(kv, into);
  } else if (value.type === 'TOMLArray') {
    const strings = value.elements.filter((element): element is AST.TOMLStringValue => element.type === 'TOMLValue' && element.kind === 'string');
    const shown = redactArgs(strings.map((element) => element.value));
    strings.forEach((element, index) => replaceString(element.range[0], element.range[1] - element.range[0], element.value, shown[index]!, into));
    for (const element of value.elements) if (element.type !== 'TOMLValue') collectTomlValue(element, name, into);
  } else if (value.kind === 'string') {
    replaceString(value.range[0], value.range[1] - value.range[0], value.value, shownValue(name, value.value), into);
  }
}

/** A string value as shown: all of it when its key names a secret, else with the secrets inside it (a URL's token) hidden. */
function shownValue(name: string, value: string): string {
  return isSecretName(name) ? REDACTED : redactArgs([value])[0]!;
}

/** Replaces a string literal's text (quotes included) when what is shown differs; JSON's quoting is also a TOML basic string. */
function replaceString(offset: number, length: number, value: string, shown: string, into: Replacement[]): void {
  if (shown !== value) into.push({ offset, length, text: JSON.stringify(shown) });
}
