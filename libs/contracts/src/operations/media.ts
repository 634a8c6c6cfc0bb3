import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { uploadResponseSchema } from '../media.js';

/** Image upload and serving (media service). */
export const MEDIA_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'uploadImage',
    method: 'post',
    path: '/api/upload/image',
    tag: 'Media',
    summary: 'Upload an image',
    description:
      'Multipart, field `image`. The bytes are checked, not the name: JPEG, PNG, GIF or WebP. Re-encoded, stripped of metadata and fitted within 800×600.',
    access: 'signed-in',
    bodyMedia: 'multipart-image',
    responses: { 201: { description: 'Where the stored image is served', body: uploadResponseSchema } },
    errors: { 413: 'Over 2 MB (2097152 bytes), whatever it holds', 415: 'Not a JPEG, PNG, GIF or WebP image' },
  },
  {
    operationId: 'getImage',
    method: 'get',
    path: '/api/images/{name}',
    tag: 'Media',
    summary: 'A stored image',
    description: 'Public; names never change content, so caches keep them for a year (ETag, `If-None-Match`).',
    access: 'none',
    params: { name: z.string().describe('The file name from the upload’s `url`') },
    responses: { 200: { description: 'The image', media: 'image' }, 304: { description: 'Not modified' } },
    errors: { 404: { error: 'Image not found' } },
  },
];
