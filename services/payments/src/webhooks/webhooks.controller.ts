import { Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { WebhooksService } from './webhooks.service.js';
import { RawBody } from './raw-body.js';

/** The path whose raw body is kept for signature checks (see `keepRawBody` in index.ts). */
export const WEBHOOK_PATH = '/api/payments/webhook';

@Controller('api/payments')
export class WebhooksController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  /** Called by the provider, not by a person: no token; the signature is the authentication. */
  @Post('webhook')
  @HttpCode(200)
  receive(@RawBody() rawBody: Buffer, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    return this.webhooks.receive(rawBody, signature);
  }
}
