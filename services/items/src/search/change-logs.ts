/**
 * Generations of changes the two logs keep (`item_search_changes` for match lists, `shown_changes`
 * for kept answers; pruned by SearchChangesJob). Whatever reads a log only trusts it for half of
 * that span, so a prune racing a reader never removes what it needs.
 */
export const CHANGES_KEPT_GENERATIONS = 10_000;
