// Narrows History to the handles stored on some days: from one day, until
// another, or between (days of this computer's time zone, as History shows
// times). Main filters the rows, so the count and the pages are those of the
// span.

import { useHistory, useApp } from '../app-context';
import { ALL_DAYS, type HistoryDays } from '../state/history-store';

function DayInput({
  id,
  label,
  value,
  min,
  max,
  onDay,
}: {
  id: string;
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onDay(day: string | null): void;
}) {
  return (
    <>
      <label className="select-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        min={min ?? undefined}
        max={max ?? undefined}
        onChange={(event) => onDay(event.target.value === '' ? null : event.target.value)}
      />
    </>
  );
}

export function HistoryDaysFilter() {
  const { stores } = useApp();
  const days = useHistory((state) => state.days);
  const change = (next: Partial<HistoryDays>) => void stores.history.getState().setDays({ ...days, ...next });

  return (
    <div className="history-days" role="group" aria-label="Stored on">
      <DayInput id="history-days-from" label="Stored from" value={days.from} max={days.to} onDay={(from) => change({ from })} />
      <DayInput id="history-days-to" label="until" value={days.to} min={days.from} onDay={(to) => change({ to })} />
      {days === ALL_DAYS ? null : (
        <button type="button" className="button button-small" onClick={() => void stores.history.getState().setDays(ALL_DAYS)}>
          Any day
        </button>
      )}
    </div>
  );
}
