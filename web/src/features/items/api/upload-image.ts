import { UPLOAD_FIELD, type UploadResponse } from '@garage/contracts';
import { api } from '@/lib/api-client';

/** POST /api/upload/image (multipart, field `image`) → `{url}`. */
export function uploadImage(image: Blob, fileName: string): Promise<UploadResponse> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, image, fileName);
  return api.post<UploadResponse>('/api/upload/image', form);
}
