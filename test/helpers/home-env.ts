// A test file's own home folder, where every MCP client's config is looked
// for (config-locations.ts reads HOME, USERPROFILE and XDG_CONFIG_HOME), and
// the way back to the process's own.

const HOME_KEYS = ['HOME', 'USERPROFILE', 'XDG_CONFIG_HOME'] as const;

/** Points HOME and USERPROFILE at `home` (XDG_CONFIG_HOME unset, so ~/.config is used); returns what puts the three back. */
export function useHome(home: string): () => void {
  const saved = HOME_KEYS.map((key) => [key, process.env[key]] as const);
  Object.assign(process.env, { HOME: home, USERPROFILE: home });
  delete process.env.XDG_CONFIG_HOME;
  return () => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
