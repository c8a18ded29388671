// Where the harness finds the repository, the built CLI and its cache.

import { join } from 'node:path';
import { REPO } from '../../test/main/mcp/servers';

export { REPO };

/** The installed clients and the catalogs they are served; kept between runs. */
export const CACHE_DIR = process.env.CAVEMAN_CLIENTS_CACHE ?? join(REPO, '.cache/clients');

/** The CLI `npm run build` writes (wrap, proxy). */
export const CLI = join(REPO, 'out/main/cli.js');
