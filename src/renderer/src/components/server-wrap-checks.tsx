// A direct server's wrap options for checked calls (docs/checked-calls.md):
// which calls the proxy checks (--check-calls) and the tools whose calls it
// never checks (--no-check-tools), kept in the Servers store until the wrap.

import { CHECK_CALLS_MEANS, CHECK_CALLS_MODES, DEFAULT_CHECK_CALLS, isCheckCallsMode } from '../../../shared/check-calls';
import { useApp } from '../app-context';
import { useServers } from '../hooks/use-servers';
import { checksOf, serversStoreFor, type WrapChecks } from '../state/servers-store';

/** A direct server's wrap options for checked calls: which calls, and the tools never checked. */
export function WrapChecksField({ serverId }: { serverId: string }) {
  const { api } = useApp();
  const checks = useServers((state) => checksOf(state, serverId));
  const onChange = (next: WrapChecks) => serversStoreFor(api).getState().setChecks(serverId, next);
  const modeId = `check-calls-${serverId}`;
  const toolsId = `no-check-tools-${serverId}`;
  return (
    <div className="server-wrap-checks" role="group" aria-label="Calls the proxy checks">
      <label className="select-label" htmlFor={modeId}>
        Check calls
      </label>
      <select
        id={modeId}
        value={checks.mode}
        title={`${CHECK_CALLS_MEANS[checks.mode]}; an invalid call is answered by the proxy and never reaches the server`}
        onChange={(event) => {
          if (isCheckCallsMode(event.target.value)) onChange({ ...checks, mode: event.target.value });
        }}
      >
        {CHECK_CALLS_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {mode}
            {mode === DEFAULT_CHECK_CALLS ? ' (default)' : ''}
          </option>
        ))}
      </select>
      <label className="select-label" htmlFor={toolsId}>
        except
      </label>
      <input
        id={toolsId}
        type="text"
        className="server-unchecked-input"
        value={checks.unchecked}
        disabled={checks.mode === 'off'}
        placeholder="tool names or globs, comma-separated"
        title="For a server known to accept more than its schema says: these tools' calls are never checked (--no-check-tools)"
        onChange={(event) => onChange({ ...checks, unchecked: event.target.value })}
      />
    </div>
  );
}
