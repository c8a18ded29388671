// The app's mark: a stone tablet with shrinking lines, drawn inline.

export function BrandMark({ size = 22 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2.5" y="2.5" width="19" height="19" rx="5" fill="var(--accent)" />
      <path d="M7 8.5h10M7 12h7M7 15.5h4" stroke="var(--accent-contrast)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
