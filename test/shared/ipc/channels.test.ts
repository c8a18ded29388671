// The channel table against the schemas it names: its types come from those
// schemas through the generated ContractTypes (kept current by the contracts
// test), so what is left to disagree is what the table itself says — which
// schema, and which fields travel as raw bytes.

import { describe, expect, it } from 'vitest';
import { contractAjv } from '../../../src/main/contracts/contract-validator';
import { CHANNELS, EVENTS, type ChannelSpec, type Method } from '../../../src/shared/ipc/channels';

const BYTES_REF = '#/$defs/bytes';

interface ObjectSchema {
  properties?: Record<string, { $ref?: string }>;
}

function schemaOf(id: string): ObjectSchema {
  const found = contractAjv().getSchema(id);
  if (!found) throw new Error(`no contract schema with id ${id}`);
  return found.schema as ObjectSchema;
}

/** The fields of a schema that hold raw bytes. */
const byteFields = (id: string) =>
  Object.entries(schemaOf(id).properties ?? {})
    .filter(([, property]) => property.$ref === BYTES_REF)
    .map(([name]) => name);

const rows = Object.entries(CHANNELS) as [Method, ChannelSpec][];

describe('the channel table', () => {
  it('names a schema for every request, response and event payload', () => {
    for (const [method, spec] of rows) {
      expect(() => schemaOf(spec.request), method).not.toThrow();
      expect(() => schemaOf(spec.response), method).not.toThrow();
    }
    for (const event of Object.values(EVENTS)) expect(() => schemaOf(event.payload), event.channel).not.toThrow();
  });

  it('marks exactly the byte fields of each schema as binary (else HTTP would send bytes as JSON)', () => {
    for (const [method, spec] of rows) {
      expect(byteFields(spec.request), `${method} request`).toEqual(spec.binaryRequest ? [spec.binaryRequest] : []);
      expect(byteFields(spec.response), `${method} response`).toEqual(spec.binaryResponse ? [spec.binaryResponse] : []);
    }
  });

  it('decodes only binary answers, and gives every channel a distinct name', () => {
    for (const [method, spec] of rows) if (spec.decodeAs) expect(spec.binaryResponse, method).toBeDefined();
    const names = rows.map(([, spec]) => spec.channel);
    expect(new Set(names).size).toBe(names.length);
  });
});
