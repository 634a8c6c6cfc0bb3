import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  alertSettingsUpdateSchema,
  alertsQuerySchema,
  type Alert,
  type AlertList,
  type AlertSettings,
  type AlertSettingsUpdate,
  type AlertsQuery,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { AlertsService } from './alerts.service.js';

@Controller('api/alerts')
@SignedIn()
export class AlertsController {
  constructor(@Inject(AlertsService) private readonly alerts: AlertsService) {}

  @Get()
  list(@CurrentUser() caller: TokenClaims, @Query(new ZodPipe(alertsQuerySchema)) query: AlertsQuery): Promise<AlertList> {
    return this.alerts.list(caller, query);
  }

  @Get('unread-count')
  unreadCount(@CurrentUser() caller: TokenClaims): Promise<{ unreadCount: number }> {
    return this.alerts.unreadCount(caller.userId);
  }

  @Post('read-all')
  @HttpCode(200)
  readAll(@CurrentUser() caller: TokenClaims): Promise<{ updated: number; unreadCount: number }> {
    return this.alerts.markAllRead(caller.userId);
  }

  @Get('settings')
  settings(@CurrentUser() caller: TokenClaims): Promise<AlertSettings> {
    return this.alerts.settings(caller.userId);
  }

  @Put('settings')
  updateSettings(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodPipe(alertSettingsUpdateSchema)) body: AlertSettingsUpdate,
  ): Promise<AlertSettings> {
    return this.alerts.updateSettings(caller, body);
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<Alert> {
    return this.alerts.markRead(caller.userId, id);
  }
}
