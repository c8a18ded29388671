// Fact sentences a read of real catalogs found dropped before
// fidelity v2, from github-mcp-server and cloudflare-radar: every shrink must
// keep them now.
export const LOST_FACTS: readonly string[] = [
  'To get the next page, use the `nextPage` value as the `page` parameter.',
  "Default: 'all'",
  "For 'update_project_item', provide either item_id, or (item_owner + item_repo + issue_number) to resolve the item by issue.",
  'Limit: 50 items per call.',
  'If omitted, all fields are returned.',
  'If not provided, uses the default branch of the repository.',
  'The owner, repo, and pullNumber parameters are not used for this method.',
  'Prefix a code with `-` to exclude it (e.g., ["-EU", "NA"] excludes Europe and includes North America).',
];
