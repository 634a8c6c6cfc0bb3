import { z } from 'zod';

export const UPLOAD_FIELD = 'image';
export const uploadResponseSchema = z.object({ url: z.string(), thumbnailUrl: z.string().optional() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
