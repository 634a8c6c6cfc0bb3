import { Injectable } from '@nestjs/common';
import type { EntityManager, Repository } from 'typeorm';
import { canonicalEmail } from '@garage/contracts';
import { InjectRepository } from '@garage/service-kit';
import { UserRow } from './user.row.js';

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserRow) private readonly users: Repository<UserRow>) {}

  findById(id: number, manager: EntityManager = this.users.manager): Promise<UserRow | null> {
    return manager.getRepository(UserRow).findOneBy({ id });
  }

  /** The user with this email in any spelling (its canonical key), with the password hash (login only). */
  async findForLogin(email: string): Promise<UserRow | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.emailKey = :key', { key: canonicalEmail(email) })
      .getOne();
  }

  /** Inserts the user; a taken email (any spelling) surfaces as the unique violation `23505`. */
  async insert(manager: EntityManager, user: NewUser): Promise<UserRow> {
    const [row] = await manager.query(
      `INSERT INTO users (first_name, last_name, email, email_key, phone, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [user.firstName, user.lastName, user.email, canonicalEmail(user.email), user.phone, user.passwordHash],
    );
    return (await this.findById(row.id, manager))!;
  }

  /** Updates the profile and bumps the version the events carry. */
  async updateProfile(
    manager: EntityManager,
    id: number,
    profile: { firstName: string; lastName: string; phone: string | null },
  ): Promise<UserRow | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [, affected]: [unknown[], number] = await manager.query(
      `UPDATE users SET first_name = $2, last_name = $3, phone = $4, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, profile.firstName, profile.lastName, profile.phone],
    );
    return affected > 0 ? this.findById(id, manager) : null;
  }
}
