import { addPhotos } from '@/features/items/utils/add-photos';
import { shrinkImage } from '@/features/items/utils/shrink-image';
import { uploadImage } from '@/features/items/api/upload-image';

/** A community sale's cover goes through media as an item's photo does: shrunk, checked, uploaded. */
export async function uploadCover(file: File): Promise<{ url: string } | { message: string }> {
  let failure = 'Upload failed';
  const { urls, messages } = await addPhotos([file], 0, {
    shrink: shrinkImage,
    upload: uploadImage,
    alert: (message) => (failure = message),
  });
  return urls[0] ? { url: urls[0] } : { message: messages[0] ?? failure };
}
