import type { ServerResponse } from 'node:http';
import type { LiveBroadcast, LiveUpdateEnvelope } from '@garage/contracts';
import { laterId, type LiveUpdates, type Logger } from '@garage/service-kit';

/** How long EventSource waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;
/** Open streams of one member on one replica (tabs, windows, devices). */
export const MOST_TABS = 20;
/** Unread bytes a tab may leave before it is cut off. */
const STALLED_BYTES = 64 * 1024;
/** How long a starting gateway waits for its subscription before serving without it. */
const SUBSCRIBE_WAIT_MS = 2000;

interface Tab {
  response: ServerResponse;
  userId: number;
  /** The last update this tab was sent (or resumed after); live ones up to it were sent by the replay. */
  last: string;
  /** Live updates heard while the replay is read, written after it. */
  held: LiveUpdateEnvelope[] | null;
  /** When the tab's token expires: the stream ends then, and the page reconnects with a fresh one. */
  expires: number;
}

/**
 * The open `GET /api/updates` streams of this replica, by member (decision 0211). Every replica
 * hears every update (`LiveUpdates.subscribe`) and writes it to its own tabs of that member. A
 * tab that reconnects with `Last-Event-ID` is first sent what it missed from the member's kept
 * updates. A broadcast (a sale's live state, decision 0276) goes to every open tab, without an
 * `id:`: it has no place in any member's stream, so a resume neither skips nor replays it. One timer writes every tab's heartbeat, so an open stream costs its socket and a small
 * record, not a timer of its own.
 */
export class UpdateStreams {
  private readonly tabs = new Map<number, Set<Tab>>();
  private timer: NodeJS.Timeout | null = null;
  private count = 0;

  constructor(
    private readonly updates: LiveUpdates,
    private readonly heartbeatMs: number,
    private readonly logger: Logger,
  ) {}

  /**
   * Hears updates from now on. Without Redis the gateway still starts (after SUBSCRIBE_WAIT_MS) and
   * serves; its tabs get updates once the subscription is made, and the page polls meanwhile.
   */
  async start(): Promise<void> {
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
    const subscribed = this.updates
      .subscribe(
        (envelope) => this.deliver(envelope),
        (broadcast) => this.deliverToEveryone(broadcast),
      )
      .then(
        () => true,
        (error: unknown) => {
          this.logger.warn({ err: String(error) }, 'live updates cannot be heard');
          return true;
        },
      );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS)));
    const done = await Promise.race([subscribed, late]);
    clearTimeout(timer);
    if (!done) this.logger.warn({}, 'live updates not subscribed yet (Redis unreachable?); serving meanwhile');
  }

  /** Open streams on this replica. */
  get size(): number {
    return this.count;
  }

  /** Starts a stream on `response` for `userId`, resuming after `lastEventId` when one is given. */
  async open(response: ServerResponse, userId: number, expires: number, resumeAfter: string, headers: string[]): Promise<void> {
    const lastEventId = /^\d+-\d+$/.test(resumeAfter) ? resumeAfter : '';
    response.writeHead(200, [
      ...headers,
      'content-type',
      'text/event-stream; charset=utf-8',
      // no-transform: nothing on the way may compress (and so hold) the stream.
      'cache-control',
      'no-cache, no-transform',
      // nginx passes the stream on as it comes rather than buffering it.
      'x-accel-buffering',
      'no',
    ]);
    response.socket?.setNoDelay(true);
    response.socket?.setKeepAlive(true, this.heartbeatMs);
    // The opening comment sends the head at once, through every proxy.
    response.write(`retry: ${RETRY_MS}\n: open\n\n`);
    const tab: Tab = { response, userId, last: lastEventId, held: lastEventId ? [] : null, expires };
    const tabs = this.tabs.get(userId) ?? new Set<Tab>();
    // A member's oldest stream makes way past MOST_TABS: a page opened in a loop cannot hold a replica's memory.
    if (tabs.size >= MOST_TABS) tabs.values().next().value?.response.end();
    tabs.add(tab);
    this.tabs.set(userId, tabs);
    this.count += 1;
    response.once('close', () => this.remove(tab));
    if (!lastEventId) return;
    try {
      for (const envelope of await this.updates.since(userId, lastEventId)) this.write(tab, envelope);
    } catch (error) {
      // The page still asks again for what it shows; only the missed updates are lost.
      this.logger.warn({ err: error, userId }, 'missed live updates could not be read');
    }
    const held = tab.held ?? [];
    tab.held = null;
    for (const envelope of held) if (laterId(envelope.id, tab.last)) this.write(tab, envelope);
  }

  private deliver(envelope: LiveUpdateEnvelope): void {
    const tabs = this.tabs.get(envelope.userId);
    if (!tabs) return;
    for (const tab of tabs) {
      if (tab.held) tab.held.push(envelope);
      else this.write(tab, envelope);
    }
  }

  private deliverToEveryone({ update }: LiveBroadcast): void {
    // Not held during a replay: it belongs to no stream position, so its order there does not matter.
    const text = `event: ${update.kind}\ndata: ${JSON.stringify(update)}\n\n`;
    for (const tabs of this.tabs.values()) for (const tab of tabs) if (this.writable(tab)) tab.response.write(text);
  }

  private write(tab: Tab, envelope: LiveUpdateEnvelope): void {
    if (tab.last && !laterId(envelope.id, tab.last)) return;
    if (!this.writable(tab)) return;
    tab.last = envelope.id;
    tab.response.write(`id: ${envelope.id}\nevent: ${envelope.update.kind}\ndata: ${JSON.stringify(envelope.update)}\n\n`);
  }

  private beat(): void {
    const now = Date.now();
    for (const tabs of this.tabs.values()) {
      for (const tab of tabs) {
        if (tab.expires <= now) tab.response.end();
        else if (this.writable(tab)) tab.response.write(': \n\n');
      }
    }
  }

  /**
   * Whether the tab can take more: not gone, and reading what it is sent. One that has left
   * STALLED_BYTES unread is cut off rather than kept in memory; its EventSource reconnects and resumes.
   */
  private writable(tab: Tab): boolean {
    if (tab.response.destroyed || tab.response.writableEnded) return false;
    if (tab.response.writableLength <= STALLED_BYTES) return true;
    tab.response.destroy();
    return false;
  }

  private remove(tab: Tab): void {
    const tabs = this.tabs.get(tab.userId);
    if (!tabs?.delete(tab)) return;
    this.count -= 1;
    if (tabs.size === 0) this.tabs.delete(tab.userId);
  }

  /** Ends every stream (a closing gateway must not wait on them) and stops hearing updates. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const tabs of this.tabs.values()) for (const tab of tabs) tab.response.end();
    this.tabs.clear();
    await this.updates.close();
  }
}
