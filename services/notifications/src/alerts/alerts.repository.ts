import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Alert, AlertKind, SaleChange } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

interface AlertRow {
  id: number;
  kind: AlertKind;
  title: string;
  message: string;
  saved_search_id: number | null;
  item_id: number | null;
  sale_id: number | null;
  community_sale_id: number | null;
  conversation_id: number | null;
  changes: SaleChange[] | null;
  read_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, kind, title, message, saved_search_id, item_id, sale_id, community_sale_id, (data->>'conversationId')::int AS conversation_id, data->'changes' AS changes, read_at, created_at`;

/** The bell: each user's alerts, newest first, and what they have read. */
@Injectable()
export class AlertsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(userId: number, page: { limit: number; before?: number; unreadOnly: boolean }): Promise<Alert[]> {
    const rows: AlertRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM alerts
       WHERE user_id = $1 AND ($2::integer IS NULL OR id < $2) AND (NOT $3::boolean OR read_at IS NULL)
       ORDER BY id DESC LIMIT $4`,
      [userId, page.before ?? null, page.unreadOnly, page.limit],
    );
    return rows.map(toAlert);
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM alerts WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    return row.n;
  }

  /** Marks the caller's alert read (keeping the first time it was); null when it is not theirs. */
  async markRead(userId: number, id: number): Promise<Alert | null> {
    const [rows]: [AlertRow[], number] = await this.dataSource.query(
      `UPDATE alerts SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0] ? toAlert(rows[0]) : null;
  }

  async markAllRead(userId: number): Promise<number> {
    const [, updated]: [unknown[], number] = await this.dataSource.query(
      `UPDATE alerts SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return updated;
  }
}

function linkOf(row: AlertRow): string | null {
  if (row.kind === 'match') return row.item_id === null ? null : `/items/${row.item_id}`;
  // A price drop names its item; a sale-wide markdown only its sale.
  if (row.kind === 'price_drop')
    return row.item_id !== null ? `/items/${row.item_id}` : row.sale_id === null ? null : `/sales/${row.sale_id}`;
  if (row.kind === 'sale_deleted') return null;
  if (row.kind === 'reservation') return '/my-reservations';
  if (row.kind === 'membership') return '/profile';
  if (row.kind === 'offer') return '/offers';
  if (row.kind === 'message') return row.conversation_id === null ? '/messages' : `/messages/${row.conversation_id}`;
  if (row.kind === 'community_sale_cancelled' || row.kind === 'community_sale_moved') {
    return row.community_sale_id === null ? null : `/community-sales/${row.community_sale_id}`;
  }
  return row.sale_id === null ? null : `/sales/${row.sale_id}`;
}

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    link: linkOf(row),
    savedSearchId: row.saved_search_id,
    itemId: row.item_id,
    saleId: row.sale_id,
    communitySaleId: row.community_sale_id,
    changes: row.changes ?? [],
    read: row.read_at !== null,
    readAt: row.read_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
