import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import { API_OPERATIONS, buildOpenApiDocument, saleCreateSchema, type JsonObject } from '@garage/contracts';
import { ApiError, ZodPipe } from '@garage/service-kit';
import { CSP, ROUTES, routeOf, startGateway, type RunningGateway } from '../src/index.js';
import { ALL_SERVICES } from './all-services.js';
import { ApiDocsController } from '../src/api-docs.controller.js';
import { GatewayController } from '../src/gateway.controller.js';
import { LiveUpdatesController } from '../src/live-updates.controller.js';
import { OpsController } from '../src/ops.controller.js';
import { aSale, aSearchResult, anItem } from '../../web/src/test/fixtures.js';

/**
 * The API reference (`/api/docs`): generated from the contracts' operations table, it must list
 * exactly the calls the gateway answers, be a valid OpenAPI 3.1 document, and describe real
 * requests and answers.
 */
const document = buildOpenApiDocument();
const paths = document.paths as Record<string, Record<string, JsonObject>>;
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({ env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' } });
});

afterAll(async () => {
  await gateway.close();
});

// ---------------------------------------------------------------- what the gateway serves

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

/** `METHOD /api/x/{id}` for every handler of these controllers, read from Nest's own route metadata. */
function routesOf(controllers: Type[]): string[] {
  return controllers.flatMap((controller) => {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(prototype)
      .map((name) => prototype[name])
      .filter((handler): handler is object => typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler))
      .map((handler) => {
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const path = `/${base}/${String(Reflect.getMetadata(PATH_METADATA, handler))}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        return `${method} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      });
  });
}

function controllersOf(module: Type): Type[] {
  const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []) as Type[];
  return [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []) as Type[]), ...imports.flatMap(controllersOf)];
}

const services = ALL_SERVICES;
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, '1');
const documented = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));

describe('the OpenAPI document and the routes the gateway serves', () => {
  it('lists every call of every service the gateway routes to, and no other', () => {
    const served = new Set(routesOf([OpsController, GatewayController, ApiDocsController, LiveUpdatesController]));
    for (const service of services) {
      for (const route of routesOf(controllersOf(service.module as Type)).filter((route) => route.includes(' /api/'))) {
        // A service's route the gateway sends elsewhere would be unreachable: say which.
        expect({ route, service: routeOf(samplePath(route.split(' ')[1]!)) }).toEqual({ route, service: service.name });
        served.add(route);
      }
    }
    expect(served.size).toBeGreaterThan(60);
    expect([...served].filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !served.has(route))).toEqual([]);
  });

  it('covers every entry of the routes table, and documents no path the table would not route', () => {
    for (const route of ROUTES) {
      const matches = (path: string) => (typeof route.prefix === 'string' ? path.startsWith(route.prefix) : route.prefix.test(path));
      expect({ prefix: String(route.prefix), documented: Object.keys(paths).some((path) => matches(samplePath(path))) }).toEqual({
        prefix: String(route.prefix),
        documented: true,
      });
    }
    const ownPaths = new Set(
      routesOf([OpsController, GatewayController, ApiDocsController, LiveUpdatesController]).map((route) => route.split(' ')[1]),
    );
    for (const path of Object.keys(paths).filter((path) => !ownPaths.has(path))) {
      expect({ path, routed: routeOf(samplePath(path)) !== null }).toEqual({ path, routed: true });
    }
  });

  it('names each path parameter as the controller does and documents it', () => {
    for (const [path, methods] of Object.entries(paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(methods)) {
        const parameters = (operation.parameters ?? []) as Array<{ name: string; in: string }>;
        expect(parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(names);
      }
    }
  });
});

// ---------------------------------------------------------------- a valid OpenAPI 3.1 document

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // The validator does refuse a broken document: a call without responses, a bad security scheme.
    const broken = structuredClone(document) as { paths: Record<string, Record<string, JsonObject>>; components: JsonObject };
    delete broken.paths['/api/sales']!.get!.responses;
    (broken.components.securitySchemes as JsonObject).bearerAuth = { type: 'bearer' };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('has a unique operationId per call and every call of the table', () => {
    const ids = Object.values(paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(API_OPERATIONS.map((operation) => operation.operationId).sort());
  });

  it('asks for the bearer token where the call needs one, and marks it optional where it only changes the answer', () => {
    const security = (path: string, method: string) => paths[path]![method]!.security;
    expect(security('/api/users/me', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/sales', 'post')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/sales', 'get')).toEqual([{}, { bearerAuth: [] }]);
    expect(security('/api/items/search', 'get')).toEqual([{}, { bearerAuth: [] }]);
    expect(security('/api/auth/login', 'post')).toEqual([]);
    expect(security('/api/health', 'get')).toEqual([]);
    expect(paths['/api/users/me']!.get!.responses).toHaveProperty('401');
  });

  it('describes the upload as multipart with the `image` field', () => {
    const content = (paths['/api/upload/image']!.post!.requestBody as { content: Record<string, JsonObject> }).content;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect((content['multipart/form-data']!.schema as { required: string[] }).required).toEqual(['image']);
    expect(Object.keys(paths['/api/upload/image']!.post!.responses as JsonObject)).toEqual(
      expect.arrayContaining(['201', '401', '413', '415']),
    );
  });

  it("documents the contract's error texts", () => {
    const example = (path: string, method: string, status: string) =>
      (
        ((paths[path]![method]!.responses as Record<string, JsonObject>)[status]!.content as Record<string, JsonObject>)[
          'application/json'
        ]!.example as { error: string } | undefined
      )?.error;
    expect(example('/api/sales/{id}', 'get', '404')).toBe('Sale not found');
    expect(example('/api/items/{id}', 'put', '404')).toBe('Item not found or unauthorized');
    expect(example('/api/auth/register', 'post', '409')).toBe('Email already registered');
    expect(example('/api/auth/login', 'post', '401')).toBe('Invalid email or password');
    expect(example('/api/items/{id}/reserve', 'post', '403')).toBe('Premium membership required');
    expect(example('/api/users/me', 'get', '401')).toBe('Authentication required');
  });
});

// ---------------------------------------------------------------- real requests and answers fit it

describe('requests and answers validate against the document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: 'garage-openapi' });
  const pointer = (...segments: string[]) => segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const requestSchema = (path: string, method: string) => ({
    $ref: `garage-openapi#/${pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')}`,
  });
  const responseSchema = (path: string, method: string, status: string) => ({
    $ref: `garage-openapi#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`,
  });
  const check = (schema: JsonObject, value: unknown) => {
    const validate = ajv.compile(schema);
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };

  it('accepts the example request of every call that takes a JSON body, which its zod schema accepts too', () => {
    const withBodies = API_OPERATIONS.filter((operation) => operation.body);
    expect(withBodies.length).toBeGreaterThan(15);
    for (const operation of withBodies) {
      expect({ operation: operation.operationId, example: operation.example !== undefined }).toEqual({
        operation: operation.operationId,
        example: true,
      });
      expect({
        operation: operation.operationId,
        errors: check(requestSchema(operation.path, operation.method), operation.example),
      }).toEqual({
        operation: operation.operationId,
        errors: [],
      });
      expect({ operation: operation.operationId, zod: operation.body!.safeParse(operation.example).success }).toEqual({
        operation: operation.operationId,
        zod: true,
      });
    }
  });

  it('accepts the sale and item of the contract fixtures, and refuses broken ones', () => {
    const sale = {
      title: 'Spring Clean-out',
      address: '12 Oak St',
      city: 'Springfield',
      state: 'il',
      zipCode: '62701',
      startDate: '2030-12-05',
      endDate: '2030-12-05',
      startTime: '08:00',
      endTime: '16:00',
    };
    expect(check(requestSchema('/api/sales', 'post'), sale)).toEqual([]);
    expect(check(requestSchema('/api/sales', 'post'), { ...sale, zipCode: '1234' })).not.toEqual([]);
    const { zipCode: _zip, ...noZip } = sale;
    expect(check(requestSchema('/api/sales', 'post'), noZip)).not.toEqual([]);

    const item = { title: 'Lamp', category: 'Home & Garden', price: 12.5 };
    expect(check(requestSchema('/api/items', 'post'), item)).toEqual([]);
    expect(check(requestSchema('/api/items', 'post'), { ...item, category: 'Spaceships' })).not.toEqual([]);
    expect(check(requestSchema('/api/items', 'post'), { ...item, price: -1 })).not.toEqual([]);
    expect(check(requestSchema('/api/items', 'post'), { ...item, imageUrls: ['/a', '/b', '/c', '/d', '/e', '/f'] })).not.toEqual([]);
  });

  it('accepts the sale, item and search answers of the contract fixtures', () => {
    expect(check(responseSchema('/api/sales', 'post', '201'), aSale())).toEqual([]);
    expect(
      check(responseSchema('/api/sales', 'get', '200'), [aSale({ distance: 2.4 }), aSale({ id: 2, address: null, phone: null })]),
    ).toEqual([]);
    expect(check(responseSchema('/api/sales/{id}', 'get', '200'), { ...aSale(), items: [anItem()] })).toEqual([]);
    expect(check(responseSchema('/api/items', 'post', '201'), anItem())).toEqual([]);
    expect(check(responseSchema('/api/items/{id}', 'get', '200'), anItem())).toEqual([]);
    expect(
      check(responseSchema('/api/items/search', 'get', '200'), [
        aSearchResult(),
        aSearchResult({ id: 2, first_name: null, last_name: null }),
      ]),
    ).toEqual([]);
    expect(check(responseSchema('/api/items/search', 'get', '200'), [{ ...aSearchResult(), is_sold: 'no' }])).not.toEqual([]);
    expect(check(responseSchema('/api/items', 'post', '201'), { ...anItem(), condition: 'broken' })).not.toEqual([]);
  });

  it('accepts the error bodies the gateway and the services really send', async () => {
    const notFound = await request(gateway.app.getHttpServer()).get('/api/no-such-call');
    expect(notFound.status).toBe(404);
    expect(check(responseSchema('/api/sales/{id}', 'get', '404'), notFound.body)).toEqual([]);

    const badToken = await request(gateway.app.getHttpServer()).get('/api/sales').set('authorization', 'Bearer not-a-token');
    expect(badToken.status).toBe(401);
    expect(check(responseSchema('/api/sales', 'get', '401'), badToken.body)).toEqual([]);

    let invalid: unknown;
    try {
      new ZodPipe(saleCreateSchema('2030-01-01')).transform({ title: 'Sale', zipCode: '1234' });
    } catch (error) {
      invalid = (error as ApiError).getResponse();
    }
    expect(invalid).toMatchObject({
      error: expect.any(String),
      details: expect.arrayContaining([{ field: 'zipCode', message: 'ZIP must be 5 digits' }]),
    });
    expect(check(responseSchema('/api/sales', 'post', '400'), invalid)).toEqual([]);
    expect(check(responseSchema('/api/sales', 'post', '400'), { message: 'no error field' })).not.toEqual([]);
  });
});

// ---------------------------------------------------------------- served by the gateway

describe('GET /api/docs and /api/docs/openapi.json', () => {
  it('serves the document as JSON, to anyone', async () => {
    const response = await request(gateway.app.getHttpServer()).get('/api/docs/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('serves a reference page that needs nothing from elsewhere and runs no script, under the usual CSP', async () => {
    const response = await request(gateway.app.getHttpServer()).get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(response.text).toContain('<!doctype html>');
    expect(response.text).toContain('href="/api/docs/openapi.json"');
    expect(response.text).not.toMatch(/<script|<link|\s(src|href)="(https?:)?\/\//i);
    for (const operation of API_OPERATIONS) expect(response.text).toContain(`id="${operation.operationId}"`);
  });

  it('reads no token: a bad one does not hide the reference', async () => {
    const response = await request(gateway.app.getHttpServer()).get('/api/docs').set('authorization', 'Bearer not-a-token');
    expect(response.status).toBe(200);
  });

  it('leaves other paths under /api/docs to the contract 404', async () => {
    for (const path of ['/api/docs/', '/api/docs/swagger.json', '/api/docs/openapi.json/x']) {
      const response = await request(gateway.app.getHttpServer()).get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 404, body: { error: 'Not found' } });
    }
    const post = await request(gateway.app.getHttpServer()).post('/api/docs').send({});
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ error: 'Not found' });
  });
});
