import { Inject, Injectable } from '@nestjs/common';
import type { MemberPremium } from '@garage/contracts';
import { Clock, InjectDataSource } from '@garage/service-kit';
import type { DataSource } from 'typeorm';
import { memberPremium } from './member-premium.js';
import { MembershipsRepository } from './memberships.repository.js';

/** A member's premium as payments holds it now, read from its committed rows. */
@Injectable()
export class MembershipStanding {
  constructor(
    @Inject(MembershipsRepository) private readonly memberships: MembershipsRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async of(userId: number): Promise<MemberPremium> {
    return memberPremium(userId, await this.memberships.find(this.dataSource.manager, userId), this.clock.now());
  }
}
