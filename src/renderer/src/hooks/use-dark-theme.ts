// Whether the page is drawn dark: the theme picked in Settings, or the OS's
// when none is (what CodeMirror's own dark flag must follow).

import { useSettings } from '../app-context';
import { usePrefersDark } from './use-prefers-dark';

export function useDarkTheme(): boolean {
  const theme = useSettings((state) => state.theme);
  const osDark = usePrefersDark();
  return theme === 'dark' || (theme === 'system' && osDark);
}
