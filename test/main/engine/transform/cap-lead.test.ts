import { describe, expect, it } from 'vitest';
import { capLead, ELLIPSIS, LEAD_CAP_BYTES } from '../../../../src/main/engine/transform/cap-lead';
import { utf8ByteLength } from '../../../../src/main/engine/text/utf8';

const bodyBytes = (lead: string) => utf8ByteLength(lead.endsWith(ELLIPSIS) ? lead.slice(0, -1) : lead);

describe('capLead', () => {
  it('keeps a lead of at most 80 bytes whole', () => {
    const lead = 'x'.repeat(LEAD_CAP_BYTES);
    expect(capLead(lead)).toBe(lead);
  });

  it('cuts a long lead at a word boundary and appends an ellipsis', () => {
    const lead = 'Store an object in the bucket and return its version id and etag so the caller can confirm the write.';
    const capped = capLead(lead);
    expect(capped).toBe('Store an object in the bucket and return its version id and etag so the caller…');
    expect(bodyBytes(capped)).toBeLessThanOrEqual(LEAD_CAP_BYTES);
  });

  it('cuts inside a word only when backing off would keep half or less', () => {
    const lead = 'a ' + 'b'.repeat(200);
    const capped = capLead(lead);
    expect(capped).toBe('a ' + 'b'.repeat(78) + ELLIPSIS);
  });

  it('never splits a UTF-8 character or a surrogate pair', () => {
    for (const char of ['é', '€', '😀', '中']) {
      const capped = capLead(char.repeat(100));
      expect(bodyBytes(capped)).toBeLessThanOrEqual(LEAD_CAP_BYTES);
      expect(capped.slice(0, -1)).toBe(char.repeat(capped.slice(0, -1).length / char.length));
      expect(Buffer.from(capped, 'utf8').toString('utf8')).toBe(capped);
    }
  });

  it('drops a dangling comma or dash before the ellipsis', () => {
    const lead = 'Fetches the page, ' + 'then follows redirects, honours robots rules and caches the result forever and ever.';
    expect(capLead(lead)).not.toMatch(/[,\s-]…$/u);
  });

  it('is idempotent: the ellipsis does not count against the budget', () => {
    const once = capLead('word '.repeat(40));
    expect(capLead(once)).toBe(once);
  });
});
