// A deterministic, realistic MCP catalog of a given size, for the benchmark
// and the responsiveness check: tools with long descriptions (lead, filler
// and constraint sentences), enums, defaults, $defs/$ref, annotations
// (title, examples, $comment, $schema) and MCP envelope fields. Same seed,
// same bytes.

/** Small deterministic PRNG (mulberry32): numbers in [0, 1), the same for the same seed. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ['List', 'Get', 'Create', 'Update', 'Delete', 'Search', 'Archive', 'Sync', 'Export', 'Import', 'Validate', 'Merge'];
const NOUNS = ['issues', 'pull requests', 'workflows', 'files', 'records', 'invoices', 'datasets', 'comments', 'releases', 'users', 'tickets', 'dashboards'];
const FILLER = [
  'This operation is commonly used by agents that need an overview before acting on individual items in the workspace.',
  'Results include enough context for the caller to decide which item to inspect next without another round trip.',
  'The server caches recent responses for a short time, so repeated calls with identical arguments are cheap.',
  'Use it together with the related tools of this server when a task spans several resources at once.',
  'Behaviour follows the conventions of the upstream service, including its pagination and sorting semantics.',
  'Fields that the upstream service does not provide are omitted from the response rather than returned as null.',
];
const RULES = [
  'The value must be between 1 and 100.',
  'Provide exactly one of id or slug.',
  'Timestamps must be formatted as RFC3339.',
  'The path must be absolute.',
  'At most 50 labels are allowed.',
  'Names are case-sensitive and must be unique within the project.',
  'Do not include the protocol prefix.',
  'Values above 1000 are rejected.',
];

/** Many small tools (a catalog shape that exposes per-tool overheads). */
export function generateSmallTools(count) {
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `tool_${String(i).padStart(5, '0')}`,
    description: `Does thing number ${i} for the caller. It is useful in many situations and agents like it a lot. The limit must be at most 50.`,
    inputSchema: {
      type: 'object',
      title: 'Args',
      properties: { limit: { type: 'integer', title: 'Limit', examples: [10], description: 'How many.' } },
      required: ['limit'],
    },
  }));
  return JSON.stringify({ tools }, null, 2);
}

export function generateCatalog(targetBytes, seed = 42) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const sentences = (count) => Array.from({ length: count }, () => pick(FILLER)).join(' ');
  const tools = [];
  let size = 64;
  for (let i = 0; size < targetBytes; i++) {
    const verb = pick(VERBS);
    const noun = pick(NOUNS);
    const name = `${verb.toLowerCase()}_${noun.replace(/ /g, '_')}_${i}`;
    const properties = {
      owner: { type: 'string', title: 'Owner', description: `Account that owns the ${noun}. ${sentences(1)} ${pick(RULES)}`, examples: ['octo-org', 'acme'] },
      state: { type: 'string', title: 'State', enum: ['open', 'closed', 'all'], default: 'open', description: `Filter by state. ${sentences(2)}` },
      perPage: { type: 'integer', title: 'Per page', minimum: 1, maximum: 100, default: 30, description: `Results per page. ${pick(RULES)} ${sentences(1)}` },
      since: { $ref: '#/$defs/timestamp' },
      labels: {
        type: 'array',
        items: { type: 'string', title: 'Label' },
        maxItems: 50,
        description: `Labels to filter by. ${pick(RULES)}`,
        examples: [['bug', 'triage']],
      },
    };
    const tool = {
      name,
      title: `${verb} ${noun}`,
      description:
        `${verb} ${noun} in a repository or project with filtering and sorting options for automation. ${sentences(3)} ` +
        `${pick(RULES)} ${sentences(2)} ${pick(RULES)}`,
      annotations: { title: `${verb} ${noun}`, readOnlyHint: verb === 'List' || verb === 'Get' || verb === 'Search' },
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        title: `${verb}${noun.replace(/ /g, '')}Args`,
        $comment: `Generated for ${name}; ${sentences(1)}`,
        properties,
        required: ['owner'],
        $defs: {
          timestamp: {
            type: 'string',
            format: 'date-time',
            title: 'Timestamp',
            description: `Only items updated after this time. ${pick(RULES)} ${sentences(1)}`,
            examples: ['2026-08-08T14:00:00Z'],
          },
        },
        additionalProperties: false,
      },
    };
    const text = JSON.stringify(tool, null, 2);
    // Inside {"tools":[…]} every line gains four spaces of indent, plus ",\n".
    size += text.length + 4 * text.split('\n').length + 2;
    tools.push(tool);
  }
  const catalog = (list) => JSON.stringify({ server_info: { name: 'generated-bench-server', version: '1.0.0' }, tools: list }, null, 2);
  let text = catalog(tools);
  // Never above the target: the 32 MiB case must stay within the input limit.
  while (Buffer.byteLength(text) > targetBytes && tools.length > 1) {
    tools.pop();
    text = catalog(tools);
  }
  return text;
}

const REGIONS = ['us-east', 'us-west', 'eu-central', 'eu-west', 'ap-south', 'ap-northeast', 'sa-east', 'af-south'];
const COUNTRIES = ['US', 'CA', 'MX', 'BR', 'AR', 'GB', 'IE', 'FR', 'DE', 'NL', 'ES', 'IT', 'SE', 'NO', 'PL', 'IN', 'JP', 'KR', 'AU', 'NZ'];

/**
 * A wide catalog like the largest real servers' (hundreds of tools, each a
 * long description and a deep input schema: nested objects and arrays of
 * objects, `$defs` and `$ref`s, nullable `anyOf`s, a `oneOf`, patterns,
 * formats, bounds, enums short and long): 344 tools make about 3.6 MB, the
 * size of catalog a budget is for. Same seed, same bytes.
 */
export function generateWideCatalog(toolCount = 344, seed = 7) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const prose = (count) => Array.from({ length: count }, () => pick(FILLER)).join(' ');
  // About one description in three states a rule, as in the real catalogs.
  const described = (schema, sentences) => ({ ...schema, description: rand() < 0.35 ? `${prose(sentences)} ${pick(RULES)}` : prose(sentences) });
  const tools = Array.from({ length: toolCount }, (_, i) => {
    const verb = pick(VERBS);
    const noun = pick(NOUNS);
    const name = `${verb.toLowerCase()}_${noun.replace(/ /g, '_')}_${i}`;
    const properties = {
      workspace_id: described({ type: 'string', pattern: '^ws_[a-z0-9]{12}$', examples: ['ws_0123456789ab'] }, 1),
      region: described({ type: 'string', enum: REGIONS, default: 'us-east' }, 1),
      query: described({ type: 'string', minLength: 1, maxLength: 512 }, 1),
      page: { $ref: '#/$defs/pagination' },
      since: { $ref: '#/$defs/timestamp' },
      owner: { anyOf: [{ type: 'string', pattern: '^[a-z][a-z0-9-]{0,38}$' }, { type: 'null' }], description: `${prose(1)} ${pick(RULES)}` },
      filter: described(
        {
          type: 'object',
          properties: {
            status: described({ type: 'array', items: { type: 'string', enum: ['open', 'closed', 'draft', 'archived'] }, uniqueItems: true }, 1),
            range: described(
              {
                type: 'object',
                properties: {
                  from: { $ref: '#/$defs/timestamp' },
                  to: { $ref: '#/$defs/timestamp' },
                  inclusive: described({ type: 'boolean', default: true }, 1),
                },
              },
              1,
            ),
            labels: described({ type: 'array', items: { type: 'string', pattern: '^[^,]{1,50}$' }, maxItems: 50 }, 1),
          },
          additionalProperties: false,
        },
        1,
      ),
      items: described(
        {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: {
            type: 'object',
            properties: {
              id: described({ type: 'string', format: 'uuid' }, 1),
              quantity: described({ type: 'integer', minimum: 1, maximum: 10000 }, 1),
              address: { $ref: '#/$defs/address' },
              note: described({ type: 'string', maxLength: 2000 }, 1),
            },
            required: ['id'],
          },
        },
        1,
      ),
      target: {
        description: `${prose(1)} ${pick(RULES)}`,
        oneOf: [
          described({ type: 'object', properties: { user_id: { type: 'string' } }, required: ['user_id'], additionalProperties: false }, 1),
          described(
            { type: 'object', properties: { team_slug: { type: 'string', pattern: '^[a-z-]+$' } }, required: ['team_slug'], additionalProperties: false },
            1,
          ),
        ],
      },
      sort: described({ type: 'string', enum: ['created', 'updated', 'name', 'size', 'priority'], default: 'created' }, 1),
    };
    return {
      name,
      title: `${verb} ${noun}`,
      description: `${verb} ${noun} across the workspace with filters, paging and previews. ${prose(2)} ${pick(RULES)} ${prose(1)}`,
      annotations: { title: `${verb} ${noun}`, readOnlyHint: verb === 'List' || verb === 'Get' || verb === 'Search', openWorldHint: true },
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        title: `${verb}${noun.replace(/ /g, '')}Args`,
        properties,
        required: ['workspace_id', 'query'],
        additionalProperties: false,
        $defs: {
          pagination: described(
            {
              type: 'object',
              properties: {
                cursor: described({ type: 'string' }, 1),
                per_page: described({ type: 'integer', minimum: 1, maximum: 100, default: 30 }, 1),
              },
            },
            1,
          ),
          timestamp: described({ type: 'string', format: 'date-time', examples: ['2026-08-08T14:00:00Z'] }, 1),
          address: described(
            {
              type: 'object',
              properties: {
                line1: described({ type: 'string', maxLength: 200 }, 1),
                city: described({ type: 'string' }, 1),
                country: { type: 'string', enum: COUNTRIES },
                postal_code: described({ type: 'string', pattern: '^[A-Z0-9 -]{3,10}$' }, 1),
              },
              required: ['line1', 'country'],
            },
            1,
          ),
        },
      },
    };
  });
  return JSON.stringify({ server_info: { name: 'generated-wide-server', version: '1.0.0' }, tools }, null, 2);
}
