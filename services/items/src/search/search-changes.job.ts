import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, runPeriodically, type Logger, type Periodic } from '@garage/service-kit';
import { SearchRepository } from './search.repository.js';

/** How often the change log is pruned. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Keeps the search change log (SearchChanges) short: entries older than any list may need are
 * deleted. Every replica may run it; a delete of rows another replica already deleted is harmless.
 */
@Injectable()
export class SearchChangesJob {
  constructor(
    @Inject(SearchRepository) private readonly repository: SearchRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('search change log pruning', PRUNE_EVERY_MS, () => this.repository.pruneChanges(), this.logger);
  }
}
