import { Inject, Injectable } from '@nestjs/common';
import { MAX_SAVED_SEARCHES, type SavedSearch, type SavedSearchBody, type TokenClaims } from '@garage/contracts';
import { badRequest, conflict, notFound } from '@garage/service-kit';
import { MembershipService } from '../users/membership.service.js';
import { SavedSearchesRepository } from './saved-searches.repository.js';

const NOT_FOUND = 'Saved search not found';

/**
 * Saved searches with alerts, a premium feature: creating, reading and changing one needs a current
 * membership (checked here, on the server). Deleting one never does: removing your own data is not
 * a paid feature, and a lapsed member must be able to clean up.
 */
@Injectable()
export class SavedSearchesService {
  constructor(
    @Inject(SavedSearchesRepository) private readonly searches: SavedSearchesRepository,
    @Inject(MembershipService) private readonly membership: MembershipService,
  ) {}

  async list(caller: TokenClaims): Promise<SavedSearch[]> {
    await this.membership.requirePremium(caller);
    return this.searches.list(caller.userId);
  }

  async get(caller: TokenClaims, id: number): Promise<SavedSearch> {
    await this.membership.requirePremium(caller);
    return (await this.searches.find(caller.userId, id)) ?? throwNotFound();
  }

  async create(caller: TokenClaims, body: SavedSearchBody): Promise<SavedSearch> {
    await this.membership.requirePremium(caller);
    await this.checkWords(body.q);
    const id = await this.searches.insertWithin(caller.userId, body, MAX_SAVED_SEARCHES);
    if (id === null) throw conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`);
    return (await this.searches.find(caller.userId, id))!;
  }

  async update(caller: TokenClaims, id: number, body: SavedSearchBody): Promise<SavedSearch> {
    await this.membership.requirePremium(caller);
    await this.checkWords(body.q);
    if (!(await this.searches.update(caller.userId, id, body))) throwNotFound();
    return (await this.searches.find(caller.userId, id))!;
  }

  async delete(caller: TokenClaims, id: number): Promise<void> {
    if (!(await this.searches.delete(caller.userId, id))) throwNotFound();
  }

  /** Words that parse to nothing ("the", "-") would make a search that silently never matches. */
  private async checkWords(q: string): Promise<void> {
    if (await this.searches.meaningless(q)) {
      const message = 'Use at least one word that is not too common (like "the" or "and")';
      throw badRequest(message, [{ field: 'q', message }]);
    }
  }
}

function throwNotFound(): never {
  throw notFound(NOT_FOUND);
}
