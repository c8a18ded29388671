// The structural fact rule (docs/levels.md): a sentence naming another tool of
// the catalog, or an identifier-like parameter of its own tool, is a fact.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { sentenceNamesOf } from '../../../../src/main/engine/transform/catalog-names';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';
import { REFERENCES, factCategoriesOf, isFactSentence } from '../../../../src/main/engine/transform/fact-taxonomy';
import { CatalogNames, isIdentifierLike, mentionsName, namesIn, type SentenceNames } from '../../../../src/main/engine/transform/sentence-names';
import { shrinkText } from '../../../helpers/transform';

const names = (tools: string[], ownTool: string, parameters: string[] = []): SentenceNames => ({
  catalog: new CatalogNames(tools),
  ownTool,
  parameters: () => new Set(parameters),
});

describe('identifier-like names', () => {
  it.each(['folder_id', 'pageSize', 'x-api-key', '$filter', 'files.list', 'page2', 'list-contact-folders'])('%s is one', (name) => {
    expect(isIdentifierLike(name)).toBe(true);
  });
  it.each(['owner', 'query', 'id', 'q', 'Search', 'page size', '-flag', 'files.', '2024'])('%s is not', (name) => {
    expect(isIdentifierLike(name)).toBe(false);
  });
});

describe('a sentence that names a tool or a parameter', () => {
  const catalog = ['list-contact-folders', 'send-chat-message', 'fetch', 'get_me'];

  it('names another tool of the catalog, kebab-case or a plain word, as a whole token', () => {
    const own = names(catalog, 'send-chat-message');
    for (const sentence of ['Get the folder id via list-contact-folders.', 'Results can go to fetch next.', 'Call get_me before anything else.'])
      expect(mentionsName(sentence, own), sentence).toBe(true);
    for (const sentence of [
      'Use send-chat-message again later.',
      'Fetch a page.',
      'The prefetch cache.',
      'Uses list-contact-folders-v2 instead.',
      'A re-fetch happens hourly.',
    ])
      expect(mentionsName(sentence, own), sentence).toBe(false);
  });

  it('names a tool whose name has several words, as written and whole', () => {
    const own = names(['Get Weather', 'get weather v2', 'other'], 'other');
    for (const sentence of ['Then call Get Weather for the city.', 'Use get weather v2.']) expect(mentionsName(sentence, own), sentence).toBe(true);
    for (const sentence of ['Get Weathering data.', 'Get the weather.', 'get weather v2x is gone.']) expect(mentionsName(sentence, own), sentence).toBe(false);
  });

  it('reads a catalog of many names, or one of 256 KiB, without building a pattern of them', () => {
    const huge = 'n'.repeat(256 * 1024);
    const many = Array.from({ length: 20_000 }, (_, i) => `tool${i} name`);
    const own = names([huge, ...many, 'fetch'], 'fetch');
    expect(mentionsName(`Pass it to ${huge} next.`, own)).toBe(true);
    expect(mentionsName('Then call tool19999 name.', own)).toBe(true);
    expect(mentionsName('Then call tool19999 names.', own)).toBe(false);
    expect(mentionsName(`Pass it to ${huge}n next.`, own)).toBe(false);
  });

  it('names an identifier-like parameter of its own tool, not a plain one and not another tool’s', () => {
    const own = names(catalog, 'send-chat-message', ['chat-id', '$select']);
    expect(mentionsName('The chat-id of the conversation.', own)).toBe(true);
    expect(mentionsName('Pass $select once.', own)).toBe(true);
    expect(mentionsName('The message-id of another call.', own)).toBe(false);
  });

  it('is the references category, beside the word categories', () => {
    const own = names(catalog, 'send-chat-message');
    expect(factCategoriesOf('Get the folder id via list-contact-folders.', own)).toEqual(['sequence', REFERENCES]);
    expect(factCategoriesOf('Plain prose about the weather.', own)).toEqual([]);
    expect(isFactSentence('Then hand it to list-contact-folders.')).toBe(false);
    expect(isFactSentence('Then hand it to list-contact-folders.', own)).toBe(true);
  });

  it('reads the parameter names of each tool of a parsed catalog, at any depth', () => {
    const doc = parseJson(
      JSON.stringify({
        tools: [
          { name: 'a-tool', inputSchema: { properties: { filter: { properties: { 'folder-id': {} } }, owner: {} } } },
          { name: 'b-tool', inputSchema: {} },
        ],
      }),
    );
    const namesOf = sentenceNamesOf(doc, readCatalog(doc)!);
    expect([...namesOf(0).parameters()]).toEqual(['folder-id']);
    expect(mentionsName('Narrow by folder-id.', namesOf(0))).toBe(true);
    expect(mentionsName('Narrow by folder-id.', namesOf(1))).toBe(false);
    expect(mentionsName('Then call b-tool.', namesOf(0))).toBe(true);
  });

  it('keeps such a sentence at facts in the transform, and the lead it makes a fact uncapped', () => {
    const filler = 'This sentence is filler that carries no rule at all and merely exists to push the whole description comfortably past the small budget.';
    // A parameter's description: a tool's own stays whole at facts.
    const catalogOf = (description: string) =>
      JSON.stringify({
        tools: [
          { name: 'send-chat-message', inputSchema: { properties: { 'chat-id': {}, text: { description } } } },
          { name: 'list-chats', inputSchema: {} },
        ],
      });
    const out = (description: string) => JSON.parse(shrinkText(catalogOf(description))).tools[0].inputSchema.properties.text.description;
    expect(out(`Sends a message. ${filler} Take the chat-id from list-chats.`)).toBe('Sends a message. Take the chat-id from list-chats.');
    expect(out(`Sends a message. ${filler} It is quick.`)).toBe('Sends a message.');
    const longLead =
      `Sends a message to a chat, which the server hands to its members at once without any further round trips or ` +
      `confirmations needed from you, ${'and so on, '.repeat(12)}once list-chats is done.`;
    expect(out(`${longLead} ${filler}`)).toBe(longLead);
  });

  it('reduces one description per tool: the remembered plan depends on the tool’s parameters and the catalog’s names', () => {
    const filler = 'This sentence is filler that carries no rule at all and merely exists to push the whole description comfortably past the small budget.';
    const shared = `The chat to post in. ${filler} Use the chat-id here.`;
    const tool = (name: string, parameter: string) => ({ name, description: 'Posts.', inputSchema: { properties: { [parameter]: { description: shared } } } });
    for (let round = 0; round < 2; round++) {
      const out = JSON.parse(shrinkText(JSON.stringify({ tools: [tool('post-a', 'chat-id'), tool('post-b', 'room')] })));
      expect(out.tools[0].inputSchema.properties['chat-id'].description).toBe('The chat to post in. Use the chat-id here.');
      expect(out.tools[1].inputSchema.properties.room.description).toBe('The chat to post in.');
      // Another catalog, where a tool is named chat-id: the same text is a fact there.
      const other = JSON.parse(shrinkText(JSON.stringify({ tools: [tool('post-b', 'room'), { name: 'chat-id', inputSchema: {} }] })));
      expect(other.tools[0].inputSchema.properties.room.description).toBe('The chat to post in. Use the chat-id here.');
    }
  });
});

describe('the names found in a sentence', () => {
  // Plain names (words, phrases) and identifier-like ones; the unused ones push a catalog past the few plain names searched for as text.
  const NAMED = ['fetch', 'big', 'Get Weather', 'get weather v2', 'list-contact-folders', 'get_me', 'pageSize'];
  const UNUSED = Array.from({ length: 40 }, (_, i) => `Unused${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
  const WORDS = [...NAMED, 'fetcher', 'prefetch', 'Get', 'Weather', 'weather', 'bigger', 'the', 'a', 'page', 'size', 'x-y', 'page2', '$filter', 'big.', 'get'];
  const sentence = fc
    .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ', ', '. ', '-', '.', '')), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.map(([word, gap]) => word + gap).join(''));

  it('are the same whether the catalog’s plain names are few (searched for as text first) or many (read token by token)', () => {
    const few = new CatalogNames(NAMED);
    const many = new CatalogNames([...NAMED, ...UNUSED]);
    expect([few.fewPlainNames?.length, many.fewPlainNames]).toEqual([4, undefined]);
    let named = 0;
    fc.assert(
      fc.property(sentence, (text) => {
        const found = namesIn(text, few);
        expect(found, text).toEqual(namesIn(text, many));
        if (found.tools.length > 0) named++;
      }),
      { numRuns: 3000, seed: 20_261_202 },
    );
    expect(named).toBeGreaterThan(300);
  });
});
