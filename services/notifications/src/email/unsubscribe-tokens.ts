import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a one-click unsubscribe link turns off: the emails of one saved search, the daily digests
 * of a user, the emails about sales a user follows (cancelled, rescheduled, deleted), or the emails
 * about sales dropping out of a user's day.
 */
export type UnsubscribeTarget =
  | { kind: 'search'; savedSearchId: number }
  | { kind: 'digest'; userId: number }
  | { kind: 'sale-updates'; userId: number }
  | { kind: 'drop-outs'; userId: number };

const PREFIX = { search: 's', digest: 'd', 'sale-updates': 'u', 'drop-outs': 'o' } as const;
const KINDS: Record<string, UnsubscribeTarget['kind']> = { s: 'search', d: 'digest', u: 'sale-updates', o: 'drop-outs' };

/**
 * Signed unsubscribe tokens (`s.42.<HMAC-SHA256, base64url>`): a link in an email works without
 * signing in, and nobody can forge one for someone else's search. They do not expire: an
 * unsubscribe link must keep working for as long as the email is read (RFC 8058).
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  sign(target: UnsubscribeTarget): string {
    const body = `${PREFIX[target.kind]}.${target.kind === 'search' ? target.savedSearchId : target.userId}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The target of a genuine token, or null for anything else. */
  verify(token: string): UnsubscribeTarget | null {
    const match = /^([sduo])\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, prefix, idText, mac] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.mac(`${prefix}.${idText}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const id = Number(idText);
    if (id > 2_147_483_647) return null;
    const kind = KINDS[prefix]!;
    return kind === 'search' ? { kind, savedSearchId: id } : { kind, userId: id };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`garage-unsubscribe:${body}`).digest('base64url');
  }
}

/**
 * The development secret under `DATA_DIR/keys`, made on first use (like the JWT key pair). Several
 * processes may start at once: the file is published with an atomic link, so each reads a whole one.
 */
export function developmentAlertsSecret(dataDir: string): string {
  const dir = path.resolve(dataDir, 'keys');
  const file = path.join(dir, 'alerts-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
  }
  return readFileSync(file, 'utf8').trim();
}
