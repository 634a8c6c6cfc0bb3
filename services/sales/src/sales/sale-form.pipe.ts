import { Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { saleCreateSchema, type SaleForm } from '@garage/contracts';
import { Clock, validationError } from '@garage/service-kit';
import { salesToday } from './sale-calendar.util.js';

/** Parses `POST /api/sales`: the contract's form schema, with "today" taken from the Clock port. */
@Injectable()
export class SaleCreatePipe implements PipeTransform<unknown, SaleForm> {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  transform(value: unknown): SaleForm {
    const result = saleCreateSchema(salesToday(this.clock.now())).safeParse(value ?? {});
    if (!result.success) throw validationError(result.error);
    return result.data;
  }
}
