import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { UserProjection } from '@garage/event-bus';
import { InjectDataSource, Owners } from '@garage/service-kit';

/**
 * The notifications service's copy of users (see `UserProjection`): where notices are emailed, with
 * the member's own choices of emails: about the sales they follow (`sale_update_emails`, on unless
 * turned off) and about sales dropping out of their day (`drop_out_emails`, off unless asked for).
 */
@Injectable()
export class UsersRepository extends UserProjection {
  constructor(@InjectDataSource() dataSource: DataSource, @Inject(Owners) owners: Owners) {
    super(dataSource, (userId) => owners.membership(userId));
  }

  /**
   * Keeps the address of a signed-in caller (their token carries it) for users whose snapshots do
   * not: accounts registered before auth put the email in its events. A row made here has version
   * 0, so the user's first real snapshot still applies over it.
   */
  async rememberEmail(userId: number, email: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO users (id, email, version) VALUES ($1, $2, 0)
       ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email WHERE users.email IS NULL`,
      [userId, email],
    );
  }

  /** The member's email settings; an unknown member has the defaults (drop-out emails off until asked for, the rest on). */
  async emailSettings(userId: number): Promise<{ saleUpdateEmails: boolean; dropOutEmails: boolean; offerEmails: boolean }> {
    const [row] = await this.dataSource.query(`SELECT sale_update_emails, drop_out_emails, offer_emails FROM users WHERE id = $1`, [
      userId,
    ]);
    return {
      saleUpdateEmails: row?.sale_update_emails ?? true,
      dropOutEmails: row?.drop_out_emails ?? false,
      offerEmails: row?.offer_emails ?? true,
    };
  }

  /** Turns sale cancel/change emails on or off (a row with version 0 if the user is not known yet). */
  async setSaleUpdateEmails(userId: number, enabled: boolean, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO users (id, sale_update_emails, version) VALUES ($1, $2, 0)
       ON CONFLICT (id) DO UPDATE SET sale_update_emails = EXCLUDED.sale_update_emails`,
      [userId, enabled],
    );
  }

  /** Whether the member wants emails about offers (on unless turned off). */
  async offerEmails(userId: number): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT offer_emails FROM users WHERE id = $1`, [userId]);
    return row?.offer_emails ?? true;
  }

  /** Turns offer emails on or off (a row with version 0 if the user is not known yet). */
  async setOfferEmails(userId: number, enabled: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO users (id, offer_emails, version) VALUES ($1, $2, 0)
       ON CONFLICT (id) DO UPDATE SET offer_emails = EXCLUDED.offer_emails`,
      [userId, enabled],
    );
  }

  /** Turns drop-out emails on or off (a row with version 0 if the user is not known yet). */
  async setDropOutEmails(userId: number, enabled: boolean, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO users (id, drop_out_emails, version) VALUES ($1, $2, 0)
       ON CONFLICT (id) DO UPDATE SET drop_out_emails = EXCLUDED.drop_out_emails`,
      [userId, enabled],
    );
  }
}
