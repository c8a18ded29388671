// Which profile a client gets, and how the proxy's flags override it.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROFILE,
  PROFILES,
  compareVersions,
  deferringClientsNote,
  listingFields,
  profileForClient,
  profileOfConfigClient,
  wrappedListing,
} from '../../src/shared/profiles';

describe('profileForClient', () => {
  it('a known client by its clientInfo name and measured version; its latest for any other version; the default for the rest', () => {
    expect(profileForClient({ name: 'claude-code', version: '2.1.328' })).toMatchObject({ profile: 'tool-search' });
    expect(profileForClient({ name: 'claude-code', version: '3.0.0' })).toMatchObject({ profile: 'tool-search', unknownVersion: true });
    expect(profileForClient({ name: 'codex-mcp-client', version: '0.169.0' })).toMatchObject({ profile: 'code-mode' });
    expect(profileForClient({ name: 'gemini-cli-mcp-client', version: '0.61.0' })).toMatchObject({ profile: 'listing' });
    expect(profileForClient({ name: 'Claude-Code', version: '2.1.328' })).toEqual({ profile: DEFAULT_PROFILE });
    expect(profileForClient(undefined)).toEqual({ profile: DEFAULT_PROFILE });
  });

  it("a config file's client gets its latest profile; a client never measured the default", () => {
    expect(profileOfConfigClient('claude-code')).toBe('tool-search');
    expect(profileOfConfigClient('codex')).toBe('code-mode');
    expect(profileOfConfigClient('cursor')).toBe(DEFAULT_PROFILE);
  });
});

describe('listingFields', () => {
  it("the client's profile; --profile over it; --level and --budget over their fields; --level alone is that level and no profile", () => {
    expect(listingFields({}, 'listing')).toEqual({ level: 'skeletons', budget: PROFILES.listing.budget, profile: 'listing' });
    expect(listingFields({}, 'tool-search')).toEqual({ level: 'overviews', profile: 'tool-search' });
    expect(listingFields({ profile: 'listing' }, 'tool-search')).toEqual({ level: 'skeletons', budget: PROFILES.listing.budget, profile: 'listing' });
    expect(listingFields({ budget: 3000 }, 'tool-search')).toEqual({ level: 'overviews', budget: 3000, profile: 'tool-search' });
    expect(listingFields({ level: 'leads', budget: 3000 }, 'listing')).toEqual({ level: 'leads', budget: 3000, profile: 'listing' });
    expect(listingFields({ level: 'leads' }, 'listing')).toEqual({ level: 'leads' });
  });

  it("a wrapped entry's listing, for the client whose file holds it", () => {
    expect(wrappedListing({}, 'claude-code')).toMatchObject({ level: 'overviews', said: 'overviews (profile tool-search)' });
    expect(wrappedListing({ level: 'leads' }, 'claude-code')).toMatchObject({ level: 'leads', said: 'leads' });
    expect(wrappedListing({}, 'windsurf')).toMatchObject({ level: 'skeletons', budget: PROFILES.listing.budget });
    // A level with a budget settles the listing: no profile is named for it.
    expect(wrappedListing({ level: 'skeletons', budget: 4000 }, 'cursor')).toMatchObject({ budget: 4000, said: 'skeletons' });
  });
});

describe('compareVersions', () => {
  it('compares number by number, not as text; a part that is not a number counts as 0', () => {
    expect(compareVersions('2.10.0', '2.9.1')).toBe(1);
    expect(compareVersions('2.1.328', '2.1.328')).toBe(0);
    expect(compareVersions('2.1', '2.1.0')).toBe(0);
    expect(compareVersions('0.61.0-nightly', '0.61.0')).toBe(0);
    expect(compareVersions('0.60.9', '0.61.0')).toBe(-1);
  });
});

describe('deferringClientsNote', () => {
  it('names the clients whose model sees tool names only (their profile does not list every request), and none for listing clients', () => {
    expect(deferringClientsNote(['gemini', 'cursor', 'claude-desktop'])).toBeUndefined();
    expect(deferringClientsNote(['claude-code', 'gemini', 'claude-code'])).toMatch(
      /^Claude Code defers MCP tools: .* for this client the figures are what every definition costs/,
    );
    expect(deferringClientsNote(['codex', 'cursor', 'claude-code'])).toMatch(/^Codex and Claude Code defer MCP tools: .* for these clients/);
  });
});
