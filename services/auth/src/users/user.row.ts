import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { User, UserSnapshot } from '@garage/contracts';

@Entity({ name: 'users' })
export class UserRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'text' })
  email!: string;

  /** `canonicalEmail(email)`: unique, what sign-in looks an account up by (set on insert only). */
  @Column({ name: 'email_key', type: 'text', select: false })
  emailKey!: string;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash!: string;

  @Column({ name: 'premium_expires_at', type: 'timestamptz', nullable: true })
  premiumExpiresAt!: Date | null;

  @Column({
    type: 'numeric',
    precision: 3,
    scale: 2,
    transformer: { to: (value: number) => value, from: (value: string) => Number(value) },
  })
  rating!: number;

  @Column({ name: 'rating_count', type: 'integer' })
  ratingCount!: number;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The API's user object (contract: camelCase; never the hash). Premium only while unexpired. */
export function toUser(entity: UserRow, now: Date): User {
  return {
    id: entity.id,
    firstName: entity.firstName,
    lastName: entity.lastName,
    email: entity.email,
    phone: entity.phone,
    isPremium: entity.premiumExpiresAt !== null && entity.premiumExpiresAt.getTime() > now.getTime(),
    premiumExpiresAt: entity.premiumExpiresAt?.toISOString() ?? null,
    rating: entity.rating,
    ratingCount: entity.ratingCount,
  };
}

/** What other services keep of a user (their projections). */
export function toSnapshot(entity: UserRow): UserSnapshot {
  return {
    id: entity.id,
    firstName: entity.firstName,
    lastName: entity.lastName,
    phone: entity.phone,
    rating: entity.rating,
    ratingCount: entity.ratingCount,
    premiumExpiresAt: entity.premiumExpiresAt?.toISOString() ?? null,
    email: entity.email,
  };
}
