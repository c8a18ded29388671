// Marks the per-tool table and the diff as a preview when the compressed
// catalog was not handed out (nothing stored, or already minimal).

export function PreviewTag({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <span className="preview-tag" title={`Preview of what the shrink would remove — not handed out: ${reason}`}>
      preview<span className="preview-tag-more"> · not handed out</span>
    </span>
  );
}
