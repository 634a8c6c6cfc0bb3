import { createParamDecorator, HttpStatus, Injectable, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES, UPLOAD_FIELD } from '@garage/contracts';
import { ApiError, badRequest } from '@garage/service-kit';

/** Where uploads arrive. */
export const UPLOAD_PATH_PREFIX = '/api/upload/';
/** Room for the multipart envelope (boundaries, part headers, a long file name) around the image. */
const ENVELOPE_BYTES = 64 * 1024;
/** Form fields besides the image are ignored, and kept small. */
const FIELD_BYTES = 64 * 1024;

const NO_IMAGE = `No image received: send it as multipart/form-data in the field "${UPLOAD_FIELD}"`;
export const imageTooLarge = () =>
  new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, `Image is too large: at most 2 MB (${MAX_IMAGE_BYTES} bytes)`);

/**
 * The HTTP side of uploads, installed before the routes:
 * - multipart parsing, streamed (nothing is buffered by the plugin itself);
 * - a declared body larger than an image and its envelope is refused at once with `413`, before
 *   a byte of it is read (the contract: the size check comes first, whatever the body holds);
 * - a body of any other type reaches the route unread, so the answer is this service's `400`
 *   rather than a generic `415` that would read as "not an image".
 */
export async function configureUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, {
    // A part named "image" is the file even when the client sent it without a file name.
    isPartAFile: (fieldName, contentType, fileName) =>
      fieldName === UPLOAD_FIELD || fileName !== undefined || contentType === 'application/octet-stream',
  });
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(UPLOAD_PATH_PREFIX)) return;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_IMAGE_BYTES + ENVELOPE_BYTES) {
      const error = imageTooLarge();
      return reply.status(error.getStatus()).send(error.getResponse());
    }
  });
}

/**
 * Reads the `image` part of a multipart request into memory, counting as it streams: past
 * 2 MB (2097152 bytes) it stops with `413` without looking at what the bytes are. Other parts are
 * read and dropped. The magic-number check and decoding come later, on at most 2 MB.
 */
export async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(NO_IMAGE);
  let image: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: FIELD_BYTES, parts: 21, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw imageTooLarge();
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || image !== null) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_IMAGE_BYTES || part.file.truncated) throw imageTooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw imageTooLarge();
      image = Buffer.concat(chunks, size);
    }
  } catch (error) {
    discardRest(request);
    throw multipartError(error);
  }
  if (!image || image.length === 0) throw badRequest(NO_IMAGE);
  return image;
}

/**
 * Reads and drops what the client is still sending after a refusal. Left unread, the request
 * would hold its connection open (Node only drains bodies nobody started to read), and the
 * client, still writing, would never get to read the answer.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/** The multipart plugin's and the parser's errors, in the words of the contract. */
function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageTooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest('Send one image per request');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(NO_IMAGE);
    default:
      return badRequest('Malformed multipart body');
  }
}

/** Resolves the uploaded image of the request (after the guards: a visitor gets 401, not a read). */
@Injectable()
class ImageFieldPipe implements PipeTransform<FastifyRequest, Promise<Buffer>> {
  transform(request: FastifyRequest): Promise<Buffer> {
    return readImageField(request);
  }
}

const MultipartRequest = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  context.switchToHttp().getRequest<FastifyRequest>(),
);

/** The bytes of the `image` part of a multipart upload. */
export const UploadedImage = () => MultipartRequest(new ImageFieldPipe());
