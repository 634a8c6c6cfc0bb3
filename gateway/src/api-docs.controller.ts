import { Controller, Get, Header } from '@nestjs/common';
import { apiReference } from './api-reference.js';

/**
 * The API reference, public like the probes: it describes the API, it holds no one's data, so no
 * token is read. Other paths under `/api/docs` stay the proxy's `404 {"error":"Not found"}`.
 */
@Controller('api/docs')
export class ApiDocsController {
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-cache')
  page(): string {
    return apiReference().html;
  }

  @Get('openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'no-cache')
  document(): string {
    return apiReference().json;
  }
}
