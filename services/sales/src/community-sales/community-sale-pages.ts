import { Inject, Injectable } from '@nestjs/common';
import { Clock, compress, MIN_COMPRESSED_BYTES, SERVICE_CONFIG, type ContentEncoding } from '@garage/service-kit';
import type { SalesConfig } from '../config.js';

/** What the controllers set on Fastify's reply (the sales service uses no more of it). */
export interface Reply {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}

/** Sends a page answer: JSON, its encoding named when it is compressed. */
export function send(reply: Reply, page: PageBody): string | Buffer {
  void reply.header('content-type', 'application/json; charset=utf-8');
  void reply.header('vary', 'Accept-Encoding');
  if (page.encoding) void reply.header('content-encoding', page.encoding);
  return page.body;
}

/** An answer as sent: JSON text, or its bytes compressed in `encoding`. */
export interface PageBody {
  body: string | Buffer;
  encoding?: ContentEncoding;
}

interface Kept {
  json: string;
  compressed: Partial<Record<ContentEncoding, Buffer>>;
  until: number;
}

/** Answers kept at most (two per community sale asked: visitors' and members'). */
const PAGES_KEPT = 1000;

/**
 * The community sale page's answers for everyone who sees the same thing (visitors; members who are
 * neither its organiser nor have a sale pending in it), compressed once: a town's sale day is one
 * page that many people open at once, and building its list of 400 sales costs tens of
 * milliseconds each time. An answer is fresh for `COMMUNITY_SALE_PAGE_TTL_MS`; after that it is
 * still sent while one request builds its successor (so a crowd never waits on, or repeats, the
 * build). Every write this replica makes to a community sale or to a sale in one forgets its
 * answers at once, so the next request builds anew; another replica's write, and a change of items
 * or hosts (they arrive by events), shows within the time-to-live and one build.
 */
@Injectable()
export class CommunitySalePages {
  private readonly kept = new Map<string, Kept>();
  /** Builds under way, by answer: a second request for the same answer waits for the first's. */
  private readonly building = new Map<string, Promise<string>>();
  /** Grows with every `forget`: an answer built across a write is sent but not kept. */
  private writes = 0;

  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
  ) {}

  /** The answer for `key` of community sale `id`: the kept one, else `build`'s (kept from now on). */
  async answer(id: number, key: string, encoding: ContentEncoding | undefined, build: () => Promise<string>): Promise<PageBody> {
    if (this.config.COMMUNITY_SALE_PAGE_TTL_MS === 0) return { body: await build() };
    const name = `${id} ${key}`;
    let kept = this.kept.get(name);
    if (kept && kept.until <= this.clock.now().getTime()) {
      // Stale: sent once more while its successor is built (a failed rebuild forgets it).
      this.build(name, build).catch(() => this.kept.delete(name));
    } else if (!kept) {
      const json = await this.build(name, build);
      kept = this.kept.get(name) ?? { json, compressed: {}, until: 0 };
    }
    if (!encoding || kept.json.length < MIN_COMPRESSED_BYTES) return { body: kept.json };
    return { body: (kept.compressed[encoding] ??= compress(kept.json, encoding)), encoding };
  }

  private build(name: string, build: () => Promise<string>): Promise<string> {
    const under = this.building.get(name);
    if (under) return under;
    const writesBefore = this.writes;
    const built: Promise<string> = build()
      .then((json) => {
        if (this.writes === writesBefore) this.keep(name, json);
        return json;
      })
      .finally(() => {
        if (this.building.get(name) === built) this.building.delete(name);
      });
    this.building.set(name, built);
    return built;
  }

  private keep(name: string, json: string): void {
    this.kept.delete(name);
    this.kept.set(name, { json, compressed: {}, until: this.clock.now().getTime() + this.config.COMMUNITY_SALE_PAGE_TTL_MS });
    // Oldest first in a Map: the first key is the one to drop.
    if (this.kept.size > PAGES_KEPT) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Forgets what is kept of community sale `id` (after a write to it or to a sale in it). */
  forget(id: number | null): void {
    if (id === null) return;
    this.writes += 1;
    for (const name of [...this.kept.keys()]) if (name.startsWith(`${id} `)) this.kept.delete(name);
    // A build under way began before the write: the next request starts its own.
    for (const name of [...this.building.keys()]) if (name.startsWith(`${id} `)) this.building.delete(name);
  }
}
