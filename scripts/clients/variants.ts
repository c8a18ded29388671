// How a session serves the server: direct, or through the proxy as one of
// these — `profile` (wrap writes no listing flag: the proxy picks the
// client's profile from its initialize), a level (`--level L`), or a level
// with a budget (`L@TOKENS`: `--level L --budget TOKENS`, to try a budget
// before a profile takes it).

import { isLevelName, type LevelName } from '../../src/shared/levels';

export type Variant = 'direct' | 'profile' | LevelName | `${LevelName}@${number}`;

export function isVariant(value: string): value is Variant {
  if (value === 'direct' || value === 'profile' || isLevelName(value)) return true;
  const [level, budget] = value.split('@');
  return isLevelName(level) && /^[1-9]\d*$/.test(budget ?? '');
}

/** The proxy's flags that make the variant (none for `profile`); never called for `direct`. */
export function variantFlags(variant: Exclude<Variant, 'direct'>): string[] {
  if (variant === 'profile') return [];
  const [level, budget] = variant.split('@');
  return ['--level', level!, ...(budget !== undefined ? ['--budget', budget] : [])];
}
