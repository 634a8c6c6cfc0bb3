import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { badRequest, validationError } from './errors.js';

/** Parses a body, query or param with a contract schema; a failure is the contract's 400. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw validationError(result.error);
    return result.data;
  }
}

/** Path ids: positive integers; anything else is a 400, never a 500. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(String(value))) throw badRequest('Invalid id', [{ field: 'id', message: 'Must be a positive integer id' }]);
    const id = Number(value);
    if (id < 1 || id > 2_147_483_647) throw badRequest('Invalid id', [{ field: 'id', message: 'Must be a positive integer id' }]);
    return id;
  }
}
