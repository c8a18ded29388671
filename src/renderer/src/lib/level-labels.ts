// How the app names a level: the name the CLI takes, with the default said
// (people compare it with `--level NAME`).

import { DEFAULT_LEVEL, type LevelName } from '../../../shared/levels';

/** "facts (default)", "leads". */
export function levelLabel(name: LevelName): string {
  return name === DEFAULT_LEVEL ? `${name} (default)` : name;
}
