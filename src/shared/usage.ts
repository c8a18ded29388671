// How long a relayed call counts (docs/levels.md, "Budgets"): under a token
// budget, a tool called within this many days is stepped down last; History
// shows the counts over the same window.

export const USAGE_DAYS = 30;
