import { describe, expect, it } from 'vitest';
import { capLead, ELLIPSIS, LEAD_CAP_BYTES } from '../../../../src/main/engine/transform/cap-lead';
import { utf8ByteLength } from '../../../../src/main/engine/text/utf8';

const bodyBytes = (lead: string) => utf8ByteLength(lead.endsWith(ELLIPSIS) ? lead.slice(0, -1) : lead);
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('capLead (docs/transform.md: the lead stays whole up to 300 bytes)', () => {
  it('keeps a lead of at most 300 bytes whole, however long it is in words', () => {
    expect(LEAD_CAP_BYTES).toBe(300);
    const lead = 'x'.repeat(LEAD_CAP_BYTES);
    expect(capLead(lead)).toBe(lead);
    const search = "Search for commits across GitHub repositories using GitHub's commit search syntax.";
    expect(capLead(search)).toBe(search);
  });

  it('shortens a longer lead at the last word boundary within 300 bytes and appends an ellipsis', () => {
    const lead = words(80) + '.';
    const capped = capLead(lead);
    expect(capped.endsWith(ELLIPSIS)).toBe(true);
    expect(bodyBytes(capped)).toBeLessThanOrEqual(LEAD_CAP_BYTES);
    const body = capped.slice(0, -1);
    expect(lead.startsWith(body + ' ')).toBe(true);
    expect(bodyBytes(capped)).toBeGreaterThan(LEAD_CAP_BYTES - 'word79 '.length);
  });

  it('never cuts inside a word: a lead with no word boundary to cut at stays whole', () => {
    const lead = 'a'.repeat(400);
    expect(capLead(lead)).toBe(lead);
    expect(capLead('b'.repeat(350) + ' tail')).toBe('b'.repeat(350) + ' tail');
  });

  it('never splits a UTF-8 character or a surrogate pair', () => {
    for (const char of ['é', '€', '😀', '中']) {
      const lead = Array.from({ length: 200 }, () => char.repeat(3)).join(' ');
      const capped = capLead(lead);
      expect(bodyBytes(capped)).toBeLessThanOrEqual(LEAD_CAP_BYTES);
      expect(lead.startsWith(capped.slice(0, -1))).toBe(true);
      expect(Buffer.from(capped, 'utf8').toString('utf8')).toBe(capped);
    }
  });

  it('drops a dangling comma or dash before the ellipsis', () => {
    const lead = words(55) + ', ' + words(30);
    expect(capLead(lead)).not.toMatch(/[,\s-]…$/u);
  });

  it('is idempotent: the ellipsis does not count against the budget', () => {
    const once = capLead('word '.repeat(100));
    expect(capLead(once)).toBe(once);
  });
});
