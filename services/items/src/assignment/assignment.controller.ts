import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { assignItemsBodySchema, type AssignItemsBody, type TokenClaims } from '@garage/contracts';
import { CurrentUser, SignedIn, ZodPipe } from '@garage/service-kit';
import { AssignmentService } from './assignment.service.js';

/** Lives under `/api/sales` in the API (the gateway routes this one path here) but moves items, which this service owns. */
@Controller('api/sales')
export class AssignmentController {
  constructor(@Inject(AssignmentService) private readonly assignment: AssignmentService) {}

  @Post('assign-items')
  @SignedIn()
  @HttpCode(200)
  assign(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodPipe(assignItemsBodySchema)) body: AssignItemsBody,
  ): Promise<{ assigned: number }> {
    return this.assignment.assign(caller, body);
  }
}
