// A deterministic 300-tool catalog (20 products × 15 operations) whose tools
// differ the way a large real server's do: the lead names the operation and
// the product, the next sentences give the synonyms a user would type
// ("cancel", "undelete", "audit log") and the product's own vocabulary, then
// a requirement and parameter descriptions. Keyword searches over it
// therefore depend on more than each description's first sentence.

interface Product {
  key: string;
  title: string;
  plural: string;
  singular: string;
  /** The product's vocabulary, said once in every tool's description. */
  vocabulary: string;
}

const PRODUCTS: Product[] = [
  { key: 'calendar', title: 'Calendar', plural: 'events', singular: 'event', vocabulary: 'meetings, appointments and invitations on shared calendars' },
  { key: 'crm', title: 'CRM', plural: 'contacts', singular: 'contact', vocabulary: 'leads, customers and their account owners' },
  { key: 'billing', title: 'Billing', plural: 'invoices', singular: 'invoice', vocabulary: 'charges, payment due dates and tax lines' },
  { key: 'inventory', title: 'Inventory', plural: 'items', singular: 'item', vocabulary: 'stock levels, SKUs and warehouse locations' },
  { key: 'hr', title: 'HR', plural: 'employees', singular: 'employee', vocabulary: 'staff records, managers and org chart positions' },
  { key: 'helpdesk', title: 'Helpdesk', plural: 'tickets', singular: 'ticket', vocabulary: 'customer support requests and their SLA timers' },
  { key: 'docs', title: 'Docs', plural: 'documents', singular: 'document', vocabulary: 'shared text documents, revisions and suggestions' },
  { key: 'chat', title: 'Chat', plural: 'messages', singular: 'message', vocabulary: 'channel posts, threads and direct messages' },
  { key: 'storage', title: 'Storage', plural: 'buckets', singular: 'bucket', vocabulary: 'object storage containers and their access policies' },
  { key: 'analytics', title: 'Analytics', plural: 'reports', singular: 'report', vocabulary: 'dashboards, metrics and scheduled summaries' },
  { key: 'mail', title: 'Mail', plural: 'emails', singular: 'email', vocabulary: 'inbox mail, drafts and attachments' },
  { key: 'projects', title: 'Projects', plural: 'tasks', singular: 'task', vocabulary: 'to-dos, sprints and teammates' },
  { key: 'monitoring', title: 'Monitoring', plural: 'alerts', singular: 'alert', vocabulary: 'incidents, on-call pages and alert thresholds' },
  { key: 'deploy', title: 'Deploy', plural: 'releases', singular: 'release', vocabulary: 'builds, rollouts and production environments' },
  { key: 'payments', title: 'Payments', plural: 'refunds', singular: 'refund', vocabulary: 'card payments, chargebacks and payouts' },
  { key: 'shipping', title: 'Shipping', plural: 'shipments', singular: 'shipment', vocabulary: 'parcels, tracking numbers and carriers' },
  { key: 'marketing', title: 'Marketing', plural: 'campaigns', singular: 'campaign', vocabulary: 'newsletters, audiences and A/B tests' },
  { key: 'wiki', title: 'Wiki', plural: 'pages', singular: 'page', vocabulary: 'knowledge base articles and their sections' },
  { key: 'dns', title: 'DNS', plural: 'records', singular: 'record', vocabulary: 'domain name records, zones and TTLs' },
  { key: 'database', title: 'Database', plural: 'tables', singular: 'table', vocabulary: 'SQL tables, rows and schema migrations' },
];

interface Operation {
  name: (product: Product) => string;
  lead: (product: Product) => string;
  /** The synonyms a user would search by. */
  detail: string;
  writes: boolean;
  takesId: boolean;
}

const op = (verb: string, lead: Operation['lead'], detail: string, writes: boolean, takesId = true): Operation => ({
  name: (p) => `${p.key}_${verb}_${p.plural}`,
  lead,
  detail,
  writes,
  takesId,
});

const OPERATIONS: Operation[] = [
  op('list', (p) => `List ${p.plural} in ${p.title}.`, 'Browse entries page by page, filtered by status and sorted newest first.', false, false),
  op('get', (p) => `Get one ${p.singular} from ${p.title} by its ID.`, 'Shows every field and the current state of a single entry.', false),
  op('create', (p) => `Create a new ${p.singular} in ${p.title}.`, 'Use it to add, open or book a new entry.', true, false),
  op('update', (p) => `Update an existing ${p.singular} in ${p.title}.`, 'Use it to edit, rename or reschedule; fields left out keep their values.', true),
  op('delete', (p) => `Delete a ${p.singular} from ${p.title}.`, 'Use it to cancel, remove or discard an entry permanently; this cannot be undone.', true),
  op(
    'search',
    (p) => `Search ${p.plural} in ${p.title} by text.`,
    'Full-text lookup that finds matching entries by keyword, owner or date range.',
    false,
    false,
  ),
  op(
    'archive',
    (p) => `Archive a ${p.singular} in ${p.title}.`,
    'Hides it from default views without deleting it, for example to close out finished work.',
    true,
  ),
  op(
    'restore',
    (p) => `Restore an archived or deleted ${p.singular} in ${p.title}.`,
    'Brings it back (undelete, unarchive) within 30 days of its removal.',
    true,
  ),
  op('export', (p) => `Export ${p.plural} from ${p.title} to a file.`, 'Downloads a CSV or JSON backup of the selected entries.', false, false),
  op(
    'import',
    (p) => `Import ${p.plural} into ${p.title} from a file.`,
    'Uploads a CSV or JSON file and creates one entry per row, skipping duplicates.',
    true,
    false,
  ),
  op('assign', (p) => `Assign a ${p.singular} in ${p.title} to a user.`, 'Sets the owner or delegate responsible for it and notifies them.', true),
  op('comment', (p) => `Comment on a ${p.singular} in ${p.title}.`, 'Posts a note or reply that collaborators see in its discussion thread.', true),
  op('share', (p) => `Share a ${p.singular} in ${p.title} with other people.`, 'Grants view or edit permission to users, groups or a public link.', true),
  op(
    'subscribe',
    (p) => `Subscribe to changes of a ${p.singular} in ${p.title}.`,
    'Sends webhook or email notifications whenever it is modified, to watch for updates.',
    false,
  ),
  {
    name: (p) => `${p.key}_get_${p.singular}_history`,
    lead: (p) => `Get the change history of a ${p.singular} in ${p.title}.`,
    detail: 'Returns the audit log of who changed what and when, with earlier versions.',
    writes: false,
    takesId: true,
  },
];

function inputSchema(product: Product, operation: Operation): object {
  const properties: Record<string, object> = {
    workspace: { type: 'string', description: `The ${product.title} workspace slug, for example "acme". Case-sensitive.` },
  };
  if (operation.takesId)
    properties.id = { type: 'string', description: `The ${product.singular} ID, as returned by ${product.key}_list_${product.plural}. Must not be empty.` };
  else properties.limit = { type: 'integer', minimum: 1, maximum: 100, default: 25, description: 'How many entries to return per page, at most 100.' };
  if (operation.writes)
    properties.dryRun = { type: 'boolean', default: false, description: 'When true, validates the change and reports it without applying it.' };
  return { type: 'object', properties, required: operation.takesId ? ['workspace', 'id'] : ['workspace'], additionalProperties: false };
}

function tool(product: Product, operation: Operation): object {
  const scope = `${product.key}:${operation.writes ? 'write' : 'read'}`;
  return {
    name: operation.name(product),
    description: `${operation.lead(product)} ${operation.detail} Works with ${product.vocabulary}. Requires the \`${scope}\` scope.`,
    inputSchema: inputSchema(product, operation),
    annotations: { readOnlyHint: !operation.writes },
  };
}

/** The catalog's tools: every product with every operation, 300 in all, the same on every run. */
export function generatedTools(): object[] {
  return PRODUCTS.flatMap((product) => OPERATIONS.map((operation) => tool(product, operation)));
}
