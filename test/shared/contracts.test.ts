import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_IDS, CONTRACT_SCHEMAS } from '../../src/shared/contracts';
import { createContractAjv, describeErrors, validatorFor } from '../../src/main/contracts/contract-validator';
import { lint } from '../../src/main/library/lint';
import { history } from '../../src/main/library/recover';
import { shrink } from '../../src/main/library/shrink';
import { checkGuarantees } from '../../src/main/engine/guarantees/check-guarantees';
import { parseJson } from '../../src/main/engine/json/parse-json';
import { RecoveryStore } from '../../src/main/store';
import { LEVELS } from '../../src/shared/levels';
import { realFixtures } from '../helpers/fixtures';
import { shrinkText } from '../helpers/transform';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { contractsDir, generateContractTypes, generatedFile } from '../../scripts/generate-contract-types.mjs';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { enumsFile, generateContractEnums } from '../../scripts/generate-contract-enums.mjs';
import {
  channelValidatorsFile,
  channelValidatorsTypesFile,
  generateAnswerValidators,
  generateChannelValidators,
  validatorsFile,
  validatorsTypesFile,
  // @ts-expect-error -- a plain .mjs build script without type declarations
} from '../../scripts/generate-answer-validators.mjs';
import { CHANNEL_VALIDATORS } from '../../src/main/contracts/channel-validators.generated';
import { CHANNELS } from '../../src/shared/ipc/channels';
import * as standalone from '../../src/renderer/src/transport/answer-validators.generated';

const expectValid = (id: string, value: unknown) => {
  const validate = validatorFor(id);
  expect(validate(value), describeErrors(validate.errors)).toBe(true);
};

describe('contracts', () => {
  it('every schema file is 2020-12 with an $id and compiles in Ajv strict mode', () => {
    const files = readdirSync(contractsDir as string).filter((f) => f.endsWith('.schema.json'));
    expect(files.length).toBe(CONTRACT_SCHEMAS.length);
    const ajv = createContractAjv();
    for (const file of files) {
      const schema = JSON.parse(readFileSync(join(contractsDir as string, file), 'utf8'));
      expect(schema.$schema, file).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id, file).toMatch(/^https:\/\/schemas\.caveman-shrink\.dev\/v1\/.+\.schema\.json$/);
      expect(() => ajv.getSchema(schema.$id), file).not.toThrow();
      for (const name of Object.keys(schema.$defs ?? {})) expect(() => ajv.getSchema(`${schema.$id}#/$defs/${name}`), `${file} ${name}`).not.toThrow();
    }
  });

  it('the generated TypeScript types are current', async () => {
    expect(await generateContractTypes(), 'run `npm run contracts`').toBe(readFileSync(generatedFile as string, 'utf8'));
  });

  it('the generated enum lists are current', () => {
    expect(generateContractEnums(), 'run `npm run contracts`').toBe(readFileSync(enumsFile as string, 'utf8'));
  });

  it("the renderer's standalone answer validators are current", () => {
    const { code, types } = generateAnswerValidators() as { code: string; types: string };
    expect(code, 'run `npm run contracts`').toBe(readFileSync(validatorsFile as string, 'utf8'));
    expect(types, 'run `npm run contracts`').toBe(readFileSync(validatorsTypesFile as string, 'utf8'));
  });

  it("the main process's standalone channel validators are current, one for each schema the channel table names", async () => {
    const { code, types } = (await generateChannelValidators()) as { code: string; types: string };
    expect(code, 'run `npm run contracts`').toBe(readFileSync(channelValidatorsFile as string, 'utf8'));
    expect(types, 'run `npm run contracts`').toBe(readFileSync(channelValidatorsTypesFile as string, 'utf8'));
    const named = new Set(Object.values(CHANNELS).flatMap((spec) => [spec.request, spec.response]));
    expect([...CHANNEL_VALIDATORS.keys()].sort()).toEqual([...named].sort());
  });

  it('the standalone channel validators judge as the compiled ones do (lengths in code points, bytes as Uint8Array, no extra fields)', () => {
    const id = CHANNELS.analyzeCatalog.request;
    const request = { name: 'a.json', tokenizer: 'o200k_base', bytes: new Uint8Array([123, 125]) };
    const cases = [
      request,
      { ...request, name: '🦴'.repeat(255) },
      { ...request, name: '🦴'.repeat(256) },
      { ...request, name: '' },
      { ...request, bytes: [123, 125] },
      { ...request, surprise: true },
    ];
    const standaloneVerdicts = cases.map((value) => CHANNEL_VALIDATORS.get(id)!(value));
    expect(standaloneVerdicts).toEqual([true, true, false, false, false, false]);
    expect(cases.map((value) => validatorFor(id)(value))).toEqual(standaloneVerdicts);
  });

  it('fails closed on unknown enum values and extra fields', () => {
    const report = { tokens_before: 10, tokens_after: 5, ratio: 0.5, basis: 'inferred', content_type: 'toolschema', tokenizer: 'o200k_base' };
    const validate = validatorFor(CONTRACT_IDS.shrinkReport);
    expect(validate(report)).toBe(true);
    expect(validate({ ...report, basis: 'verified' })).toBe(false);
    expect(validate({ ...report, tokenizer: 'p50k_base' })).toBe(false);
    expect(validate({ ...report, recovery_handle: 'ccr_xyz' })).toBe(false);
    expect(validate({ ...report, surprise: true })).toBe(false);
    expect(validate({ ...report, pass_through: { reason: 'whatever', message: 'm' } })).toBe(false);
    expect(validatorFor(CONTRACT_IDS.errorValue)({ code: 'cave_new_code', message: 'm' })).toBe(false);
  });

  it('real outputs match their contracts on every real catalog', async () => {
    const store = RecoveryStore.open(':memory:');
    try {
      for (const fixture of realFixtures()) {
        const { result, error } = await shrink(fixture.bytes, { store, sourceName: fixture.name });
        expect(error).toBeUndefined();
        const { output, ...report } = result;
        expectValid(CONTRACT_IDS.shrinkReport, report);
        const lintReport = await lint(fixture.bytes);
        expectValid(CONTRACT_IDS.lintReport, lintReport);
        // The renderer's standalone validator agrees with main's compiled one.
        expect(standalone.lintReport(lintReport), fixture.name).toBe(true);
        expect(standalone.lintReport({ ...lintReport, tools: [{ ...lintReport.tools[0], name: 5 }] })).toBe(false);
        expectValid(CONTRACT_IDS.guaranteeReport, checkGuarantees(parseJson(fixture.text), parseJson(Buffer.from(output).toString('utf8'))));
        for (const level of LEVELS)
          expectValid(
            CONTRACT_IDS.guaranteeReport,
            checkGuarantees(parseJson(fixture.text), parseJson(shrinkText(fixture.text, { level })), undefined, undefined, level),
          );
      }
      const page = history({ store, limit: 5 });
      expectValid(CONTRACT_IDS.historyPage, page);
      expect(page.total).toBe(realFixtures().length);
    } finally {
      store.close();
    }
  });
});
