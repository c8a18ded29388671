// The marker a deferral level leaves at the end of a tool's own description
// when the tool lost any text (docs/levels.md): a space and U+2026, 2 tokens
// in o200k_base and cl100k_base. The describe tool's own description says
// what it means; one marker per tool, never one per parameter.

export const DEFERRAL_MARKER = ' …';

/** True when `description` already ends with the marker (a second shrink adds no second one). */
export function endsWithDeferralMarker(description: string): boolean {
  return description.endsWith(DEFERRAL_MARKER);
}

/** `description` without a trailing marker (unchanged when it has none). */
export function withoutDeferralMarker(description: string): string {
  return endsWithDeferralMarker(description) ? description.slice(0, -DEFERRAL_MARKER.length) : description;
}
