import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { profileBodySchema, type ProfileBody, type TokenClaims, type User } from '@garage/contracts';
import { CurrentUser, SignedIn, ZodPipe } from '@garage/service-kit';
import { UsersService } from './users.service.js';

@Controller('api/users')
@SignedIn()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @Get('me')
  me(@CurrentUser() caller: TokenClaims): Promise<User> {
    return this.users.me(caller.userId);
  }

  @Put('me')
  update(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(profileBodySchema)) profile: ProfileBody): Promise<User> {
    return this.users.updateProfile(caller.userId, profile);
  }
}
