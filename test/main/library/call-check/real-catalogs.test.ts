// Every tool of the nine public catalogs through the call checker: each
// generated valid argument object is accepted, each invalid one (one rule
// broken at one place) is refused with that rule named at that place and
// the tool's definition as the server wrote it, and no tool is left
// unchecked by a checker fault.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CallChecker, type CallCheck } from '../../../../src/main/library/call-check/call-checker';
import { realFixtures } from '../../../helpers/fixtures';
import { schemaInstances } from '../../../helpers/schema-instances';
import { toolTexts } from './tool-texts';
import { namesViolation } from './violation-lines';

const DESCRIBE = 'caveman_describe';

describe('the call checker on the public catalogs', () => {
  it('accepts every valid call, refuses every invalid one naming its violation with the definition, and never faults', () => {
    const counts = { tools: 0, valid: 0, invalid: 0, forwarded: 0, refused: 0, unchecked: 0, excerpted: 0 };
    const problems: string[] = [];
    const checker = new CallChecker();
    for (const fixture of realFixtures()) {
      for (const tool of toolTexts(fixture.text)) {
        counts.tools++;
        const { valid, invalid, skipped } = schemaInstances(tool.inputSchema, { seed: 45 });
        if (skipped !== undefined) problems.push(`${tool.name}: not served (${skipped})`);
        const tally = (check: CallCheck) => {
          if (check.verdict === 'valid') counts.forwarded++;
          else if (check.verdict === 'invalid') counts.refused++;
          else counts.unchecked++;
        };
        for (const args of valid) {
          counts.valid++;
          const check = checker.check(tool.text, JSON.stringify(args), DESCRIBE);
          tally(check);
          if (check.verdict !== 'valid') problems.push(`${tool.name}: a valid call came back ${check.verdict}: ${JSON.stringify(check)}`);
        }
        for (const broken of invalid) {
          counts.invalid++;
          const check = checker.check(tool.text, JSON.stringify(broken.instance), DESCRIBE);
          tally(check);
          if (check.verdict !== 'invalid') {
            problems.push(`${tool.name}: ${broken.category} at ${broken.pointer} came back ${check.verdict}`);
            continue;
          }
          const lines = check.violations.map((violation) => violation.line);
          const text = check.result.content[0]!.text;
          if (!namesViolation(lines, broken)) problems.push(`${tool.name}: ${broken.category} at ${broken.pointer} not named in ${JSON.stringify(lines)}`);
          if (!text.startsWith(`${lines.join('\n')}\n`)) problems.push(`${tool.name}: the text does not lead with the violations`);
          const whole = text.endsWith(`\n${tool.text}`);
          if (!whole) counts.excerpted++;
          if (!whole && !text.endsWith(`${DESCRIBE} {"names":[${JSON.stringify(tool.name)}]}`))
            problems.push(`${tool.name}: neither the definition nor the way to it`);
          if (check.result.isError !== true) problems.push(`${tool.name}: a refusal without isError`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(counts.unchecked).toBe(0);
    expect(counts.forwarded).toBe(counts.valid);
    expect(counts.refused).toBe(counts.invalid);
    expect(counts.tools).toBe(200);
    expect(counts.excerpted).toBeGreaterThan(0);
    // docs/checked-calls.md quotes the share of refusals in the bounded form.
    const doc = readFileSync(new URL('../../../../docs/checked-calls.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(`${counts.excerpted} of the ${counts.refused.toLocaleString('en-US')} refusals on the public catalogs`);
  });
});
