import { describe, expect, it } from '@jest/globals';
import { API_OPERATIONS, buildOpenApiDocument, pathParameterNames, type JsonObject } from './index.js';

const document = buildOpenApiDocument();
const paths = document.paths as Record<string, Record<string, JsonObject>>;
const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
const operation = (path: string, method: string) => paths[path]![method]!;
const jsonBody = (path: string, method: string) =>
  (operation(path, method).requestBody as { content: Record<string, { schema: JsonObject }> }).content['application/json']!.schema;

function* walk(value: unknown): Generator<JsonObject> {
  if (Array.isArray(value)) for (const inner of value) yield* walk(inner);
  else if (value && typeof value === 'object') {
    yield value as JsonObject;
    for (const inner of Object.values(value)) yield* walk(inner);
  }
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in the JSON Schema dialect zod writes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('has every operation of the table once, under its path and method', () => {
    for (const entry of API_OPERATIONS) expect(operation(entry.path, entry.method).operationId).toBe(entry.operationId);
    const count = Object.values(paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(count).toBe(API_OPERATIONS.length);
  });

  it('points every $ref at a component that exists, and leaves no zod-local $defs behind', () => {
    const refs = [...walk(document)].flatMap((node) => (typeof node.$ref === 'string' ? [node.$ref] : []));
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(schemas[ref.replace('#/components/schemas/', '')]).toBeDefined();
    expect([...walk(document)].filter((node) => '$defs' in node || '$schema' in node)).toEqual([]);
  });

  it('describes requests as clients send them: defaults and nulls are optional', () => {
    const item = jsonBody('/api/items', 'post') as { required: string[]; properties: Record<string, JsonObject> };
    expect(item.required.sort()).toEqual(['category', 'price', 'title']);
    expect(item.properties.condition).toMatchObject({ default: 'good', enum: expect.arrayContaining(['like_new']) });
    expect(item.properties.imageUrls).toMatchObject({ anyOf: [{ type: 'array', maxItems: 5 }, { type: 'null' }] });
  });

  it('describes the alert settings: both answered, either sent', () => {
    const resolve = (schema: JsonObject): JsonObject =>
      typeof schema.$ref === 'string' ? schemas[(schema.$ref as string).split('/').pop()!]! : schema;
    const answer = (method: string) =>
      resolve(
        (operation('/api/alerts/settings', method).responses as Record<string, { content: Record<string, { schema: JsonObject }> }>)['200']!
          .content['application/json']!.schema,
      );
    for (const method of ['get', 'put'])
      expect(answer(method)).toMatchObject({
        required: expect.arrayContaining(['saleUpdateEmails', 'dropOutEmails']),
        properties: { saleUpdateEmails: { type: 'boolean' }, dropOutEmails: { type: 'boolean' } },
      });
    const body = resolve(jsonBody('/api/alerts/settings', 'put'));
    expect(body).toMatchObject({ properties: { saleUpdateEmails: { type: 'boolean' }, dropOutEmails: { type: 'boolean' } } });
    expect(body.required ?? []).toEqual([]);
  });

  it('leaves answers open: the contract lets them carry more fields', () => {
    expect([...walk(document)].filter((node) => node.additionalProperties === false)).toEqual([]);
    expect(schemas.Sale).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'address', 'item_count']) });
  });

  it('turns query schemas into query parameters and path ids into positive integers', () => {
    const search = operation('/api/items/search', 'get').parameters as Array<{
      name: string;
      in: string;
      required: boolean;
      schema: JsonObject;
    }>;
    expect(search.map((parameter) => parameter.name)).toEqual([
      'q',
      'category',
      'maxPrice',
      'condition',
      'radius',
      'latitude',
      'longitude',
      'limit',
      'offset',
      'communitySaleId',
    ]);
    expect(search.every((parameter) => parameter.in === 'query' && !parameter.required)).toBe(true);
    expect(search.find((parameter) => parameter.name === 'limit')!.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 50,
    });
    const id = (operation('/api/items/{id}', 'get').parameters as Array<{ schema: JsonObject }>)[0]!;
    expect(id).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0 } });
    expect(pathParameterNames('/api/reservations/by-sale/{saleId}')).toEqual(['saleId']);
  });

  it('gives every failure the error body, and every call the failures its kind shares', () => {
    for (const methods of Object.values(paths)) {
      for (const entry of Object.values(methods)) {
        for (const [status, response] of Object.entries(
          entry.responses as Record<string, { content?: Record<string, { schema: JsonObject }> }>,
        )) {
          if (Number(status) >= 400) expect(response.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
    expect(Object.keys(operation('/api/sales/my-sales', 'get').responses as JsonObject)).toEqual(['200', '401', '429']);
    expect(Object.keys(operation('/api/live', 'get').responses as JsonObject)).toEqual(['200']);
  });
});
