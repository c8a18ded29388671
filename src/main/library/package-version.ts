// The app's version, read from the nearest package.json above this module
// (out/main in a build, src/main/library from sources).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageVersion(from: string = import.meta.url): string {
  for (let dir = dirname(fileURLToPath(from)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === 'caveman-shrink-desktop' && parsed.version) return parsed.version;
    }
    if (dirname(dir) === dir) return '0.0.0';
  }
}
