import { z } from 'zod';
import { errorBodySchema, idSchema } from './common.js';
import { availabilityItemSchema, itemSchema, nestedSaleSchema, searchResultSchema } from './items.js';
import { API_OPERATIONS, API_TAGS, type ApiOperation, type ErrorStatus, type ErrorText, type MediaKind } from './operations/index.js';
import { hostedReservationSchema, myReservationSchema, reservationSchema } from './reservations.js';
import { saleSchema } from './sales.js';
import { routePlanSchema, routeStopSchema } from './route-plans.js';
import { alertSchema, favoriteItemSchema, favoriteSaleSchema, savedSearchSchema } from './shopper.js';
import { authResponseSchema, userSchema } from './users.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the operations table and its zod schemas
 * with zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1): the reference
 * cannot drift from what the services parse and answer.
 */

export type JsonObject = Record<string, unknown>;

/** The objects of the contract get a name in the reference; every other shape is written inline. */
const NAMED_RESPONSES: Array<[string, z.ZodType]> = [
  ['Error', errorBodySchema],
  ['User', userSchema],
  ['AuthResponse', authResponseSchema],
  ['Sale', saleSchema],
  ['NestedSale', nestedSaleSchema],
  ['Item', itemSchema],
  ['AvailabilityItem', availabilityItemSchema],
  ['SearchResult', searchResultSchema],
  ['Reservation', reservationSchema],
  ['MyReservation', myReservationSchema],
  ['HostedReservation', hostedReservationSchema],
  ['FavoriteSale', favoriteSaleSchema],
  ['FavoriteItem', favoriteItemSchema],
  ['SavedSearch', savedSearchSchema],
  ['Alert', alertSchema],
  ['RoutePlan', routePlanSchema],
  ['RouteStop', routeStopSchema],
];

const SCHEMA_REF = '#/components/schemas/';
const BEARER = 'bearerAuth';
/** The gateway's own probes are outside the request budget (request-budget.ts); every other call has it. */
const OUTSIDE_BUDGET = new Set(['/api/health', '/api/live', '/api/ready']);
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const DESCRIPTION = `Every call of Garage, under \`/api\` on the gateway. JSON in, JSON out, UTF-8.

- Signed-in calls send \`Authorization: Bearer <token>\` (from register or login). A token that is present but invalid or expired is \`401\` on every call, public ones included; a missing token on a public call is a visitor, who gets the private fields of sales (address, ZIP, phone, names, rating) as \`null\`.
- Every error body is \`{"error": "<message>"}\`; validation errors (\`400\`) add \`details: [{field, message}]\`. An unknown path under \`/api\` is \`404 {"error": "Not found"}\`.
- Ids are positive integers. Dates are \`YYYY-MM-DD\`, times \`HH:MM\` (24 h), timestamps ISO 8601 UTC, money a number of dollars with at most 2 decimals.
- User objects and request payloads are camelCase; sale and item objects snake_case. Answers may carry fields beyond those listed.
- Each client address has a request budget per minute: beyond it, \`429\` with \`Retry-After\`.
- An id nobody has is \`404\` at once. A service that keeps a copy of another service's data asks that service directly when its copy lacks what a call names or would refuse the caller; only when that service cannot be reached is the answer \`503\` with \`Retry-After\` (as while a database is unavailable).
- A service that is restarting is waited for (up to 30 s); if it does not come back, \`503\` with \`Retry-After\`. Every answer under \`/api\` is JSON, those of the edge in front of the gateway (nginx) included.`;

interface Converted {
  schema: JsonObject;
  defs: Record<string, JsonObject>;
}

/**
 * One zod schema as JSON Schema. Requests are described as the client sends them (`input`: before
 * defaults and transforms), answers as the server produces them (`output`). Named objects become
 * `$ref`s to the document's components.
 */
function convert(schema: z.ZodType, io: 'input' | 'output', registry: z.core.$ZodRegistry<{ id?: string }>): Converted {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    metadata: registry,
    override: ({ jsonSchema }) => {
      // zod marks its objects closed; the contract lets answers carry more fields, so clients must not rely on that.
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      // `z.number().int()` states the safe-integer range: true, but noise in a reference.
      if (jsonSchema.minimum === -MAX_SAFE) delete jsonSchema.minimum;
      if (jsonSchema.maximum === MAX_SAFE) delete jsonSchema.maximum;
    },
  }) as JsonObject;
  const { $defs, $schema: _dialect, ...rest } = json as JsonObject & { $defs?: Record<string, JsonObject> };
  const defs: Record<string, JsonObject> = {};
  for (const [name, def] of Object.entries($defs ?? {})) defs[name] = pointAtComponents(def) as JsonObject;
  return { schema: pointAtComponents(rest) as JsonObject, defs };
}

function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', SCHEMA_REF) : pointAtComponents(inner),
    ]),
  );
}

function mediaContent(media: MediaKind, schema: JsonObject | undefined, example?: unknown): JsonObject {
  const withExample = (content: JsonObject) => (example === undefined ? content : { ...content, example });
  switch (media) {
    case 'json':
      return { 'application/json': withExample({ schema: schema ?? {} }) };
    case 'raw-json':
      return { 'application/json': { schema: schema ?? { type: 'object' } } };
    case 'json-or-html':
      return { 'application/json': { schema: schema ?? {} }, 'text/html': { schema: { type: 'string' } } };
    case 'html':
      return { 'text/html': { schema: { type: 'string' } } };
    case 'calendar':
      return { 'text/calendar': { schema: { type: 'string' } } };
    case 'event-stream':
      return { 'text/event-stream': { schema: { type: 'string' } } };
    case 'pdf':
      return { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
    case 'image':
      return { 'image/*': {} };
    case 'multipart-image':
      return {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { image: { type: 'string', contentMediaType: 'application/octet-stream', description: 'At most 2 MB' } },
            required: ['image'],
          },
          encoding: { image: { contentType: 'image/jpeg, image/png, image/gif, image/webp' } },
        },
      };
  }
}

/** The failures of a call: its own, plus those every call of its kind shares. */
function failures(operation: ApiOperation, hasInput: boolean): Partial<Record<ErrorStatus, ErrorText>> {
  const shared: Partial<Record<ErrorStatus, ErrorText>> = {};
  if (hasInput) shared[400] = 'Invalid input: `details` names each field';
  if (operation.access === 'signed-in') shared[401] = { error: 'Authentication required', when: 'No token, or an invalid or expired one' };
  if (operation.access === 'viewer') shared[401] = { error: 'Invalid or expired token', when: 'A token that is present but invalid' };
  if (!OUTSIDE_BUDGET.has(operation.path))
    shared[429] = { error: 'Too many requests. Try again later.', when: 'Over the request budget (with Retry-After)' };
  return { ...shared, ...operation.errors };
}

function errorResponse(text: ErrorText): JsonObject {
  const content = { schema: { $ref: `${SCHEMA_REF}Error` } };
  if (typeof text === 'string') return { description: text, content: { 'application/json': content } };
  return {
    description: text.when ? `${text.when}: \`${text.error}\`` : `\`${text.error}\``,
    content: { 'application/json': { ...content, example: { error: text.error } } },
  };
}

function security(operation: ApiOperation): Array<Record<string, string[]>> {
  if (operation.access === 'signed-in') return [{ [BEARER]: [] }];
  // An empty requirement first: the token is optional.
  if (operation.access === 'viewer') return [{}, { [BEARER]: [] }];
  return [];
}

/** Path parameter names, in order: `/api/reservations/by-sale/{saleId}` → `saleId`. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

export function buildOpenApiDocument(operations: ApiOperation[] = API_OPERATIONS): JsonObject {
  const responseNames = z.registry<{ id?: string }>();
  for (const [id, schema] of NAMED_RESPONSES) responseNames.add(schema, { id });
  const requestNames = z.registry<{ id?: string }>();
  const components: Record<string, JsonObject> = {};
  const use = (schema: z.ZodType, io: 'input' | 'output') => {
    const converted = convert(schema, io, io === 'output' ? responseNames : requestNames);
    Object.assign(components, converted.defs);
    return converted.schema;
  };

  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const operation of operations) {
    const parameters: JsonObject[] = pathParameterNames(operation.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: use(operation.params?.[name] ?? idSchema, 'input'),
    }));
    if (operation.query) {
      const query = use(operation.query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    for (const [name, header] of Object.entries(operation.headers ?? {})) {
      parameters.push({
        name,
        in: 'header',
        required: header.required ?? false,
        description: header.description,
        schema: use(header.schema, 'input'),
      });
    }
    const requestBody =
      operation.body || operation.bodyMedia
        ? {
            required: true,
            content: mediaContent(
              operation.bodyMedia ?? 'json',
              operation.body ? use(operation.body, 'input') : undefined,
              operation.example,
            ),
          }
        : undefined;

    const responses: Record<string, JsonObject> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const media = response.media ?? (response.body ? 'json' : undefined);
      responses[status] = {
        description: response.description,
        ...(media ? { content: mediaContent(media, response.body ? use(response.body, 'output') : undefined) } : {}),
      };
    }
    const hasInput = parameters.length > 0 || requestBody !== undefined;
    for (const [status, text] of Object.entries(failures(operation, hasInput))) responses[status] = errorResponse(text);

    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      security: security(operation),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  // Every error answer points at `Error`, whether or not a success body named it first.
  use(errorBodySchema, 'output');
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Garage API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    security: [],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from register or login' },
      },
    },
  };
}
