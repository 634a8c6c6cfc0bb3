import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { saleCreateSchema, usToday, type SaleForm } from '@garage/contracts';
import { Clock, validationError } from '@garage/service-kit';

/** Parses `POST /api/sales`: the contract's form schema, with "today" taken from the Clock port. */
@Injectable()
export class SaleCreatePipe implements PipeTransform<unknown, SaleForm> {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  transform(value: unknown): SaleForm {
    const result = saleCreateSchema(usToday(this.clock.now())).safeParse(value ?? {});
    if (!result.success) throw validationError(result.error);
    return result.data;
  }
}
