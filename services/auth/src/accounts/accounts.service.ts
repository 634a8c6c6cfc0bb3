import { Inject, Injectable } from '@nestjs/common';
import type { AuthResponse, LoginBody, RegisterBody } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { ApiError, Clock, conflict, TokenSigner } from '@garage/service-kit';
import { toSnapshot, toUser } from '../users/user.row.js';
import { UsersRepository } from '../users/users.repository.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';

@Injectable()
export class AccountsService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(TokenSigner) private readonly signer: TokenSigner,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async register(body: RegisterBody, ip: string): Promise<AuthResponse> {
    await this.throttle.registrationAttempt(ip);
    const passwordHash = await this.hasher.hash(body.password);
    try {
      const user = await this.outbox.transaction(async (manager, emit) => {
        const created = await this.users.insert(manager, { ...body, passwordHash });
        emit('user.registered', created.version, toSnapshot(created));
        return created;
      });
      return { token: await this.signer.sign({ userId: user.id, email: user.email }), user: toUser(user, this.clock.now()) };
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('Email already registered');
      throw error;
    }
  }

  /**
   * One answer for an unknown email and a wrong password, in about the same time. The attempt is
   * counted before the password is checked (see LoginThrottle); a failure leaves it counted.
   */
  async login(body: LoginBody, ip: string): Promise<AuthResponse> {
    await this.throttle.takeLoginAttempt(body.email, ip);
    const user = await this.users.findForLogin(body.email);
    const valid = await this.hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !valid) throw new ApiError(401, 'Invalid email or password');
    await this.throttle.loginSucceeded(body.email, ip);
    return { token: await this.signer.sign({ userId: user.id, email: user.email }), user: toUser(user, this.clock.now()) };
  }
}
