// A standing warning when the recovery store cannot be used (nothing will be
// stored, so every shrink passes through) or the app's services did not answer.

import { useSettings } from '../app-context';
import { Icon } from './icon';

export function StoreBanner() {
  const storeError = useSettings((state) => state.appInfo?.storeError ?? null);
  const readOnly = useSettings((state) => state.appInfo?.storeReadOnly ?? false);
  const appInfoError = useSettings((state) => state.appInfoError);
  if (appInfoError) {
    return (
      <div className="banner banner-bad app-banner" role="alert">
        <Icon name="alert" />
        <p>Could not reach the app’s services: {appInfoError.message}</p>
      </div>
    );
  }
  if (storeError) {
    return (
      <div className="banner banner-bad app-banner" role="alert">
        <Icon name="alert" />
        <p>The recovery store is unavailable: {storeError.message} — nothing will be stored.</p>
      </div>
    );
  }
  if (readOnly) {
    return (
      <div className="banner banner-warn app-banner" role="status">
        <Icon name="alert" />
        <p>The recovery store is read-only: history can be browsed and recovered, but new originals will not be stored.</p>
      </div>
    );
  }
  return null;
}
