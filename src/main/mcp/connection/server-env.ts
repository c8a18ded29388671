// The environment a server command starts with, wherever we start one — the
// proxy's child, the import's connection (both a ChildPeer): ours (the client or shell that
// started us chose it), minus the variables a launcher sets only to run our
// own binary (LAUNCHER_ENV_KEYS: the packaged app runs its Electron binary
// as Node with ELECTRON_RUN_AS_NODE=1, which would start a server that is
// itself an Electron app as Node too), then the server's own variables,
// which may set any of them again.

import { LAUNCHER_ENV_KEYS } from '../wrap/proxy-launch';

/** Variables never passed on from our environment. */
export const NOT_INHERITED: readonly string[] = LAUNCHER_ENV_KEYS;

/** `ours` without NOT_INHERITED (and without unset entries), then `own` over it. */
export function serverEnv(ours: NodeJS.ProcessEnv, own?: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(ours)) if (value !== undefined && !NOT_INHERITED.includes(key)) env[key] = value;
  return { ...env, ...own };
}
