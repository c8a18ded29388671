// A TOML text as plain values (tables as objects, arrays as arrays), with
// toml-eslint-parser: the same parser wrap edits a config.toml with, so the
// import and the wrap never read one file two ways. Throws on text that is
// not TOML (a key defined twice included).

import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';

export function parseTomlValue(text: string): unknown {
  return getStaticTOMLValue(parseTOML(text.replace(/^\uFEFF/, '')));
}
