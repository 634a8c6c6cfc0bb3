import { Body, Controller, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { loginBodySchema, registerBodySchema, type AuthResponse, type LoginBody, type RegisterBody } from '@garage/contracts';
import { ZodPipe } from '@garage/service-kit';
import { AccountsService } from './accounts.service.js';

@Controller('api/auth')
export class AccountsController {
  constructor(@Inject(AccountsService) private readonly accounts: AccountsService) {}

  @Post('register')
  @HttpCode(201)
  register(@Body(new ZodPipe(registerBodySchema)) body: RegisterBody, @Ip() ip: string): Promise<AuthResponse> {
    return this.accounts.register(body, ip);
  }

  @Post('login')
  @HttpCode(200)
  login(@Body(new ZodPipe(loginBodySchema)) body: LoginBody, @Ip() ip: string): Promise<AuthResponse> {
    return this.accounts.login(body, ip);
  }
}
