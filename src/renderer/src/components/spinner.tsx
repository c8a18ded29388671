// A small busy indicator with a text for assistive technology.

export function Spinner({ label, size = 18 }: { label: string; size?: number }) {
  return (
    <span className="spinner-wrap" role="status">
      <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </span>
  );
}

/** Busy mark inside a button (the button keeps its name). */
export function ButtonSpinner() {
  return <span className="spinner" style={{ width: 12, height: 12 }} aria-hidden="true" />;
}
