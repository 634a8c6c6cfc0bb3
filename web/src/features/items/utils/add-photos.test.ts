import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { addPhotos, type AddPhotosDeps } from './add-photos';

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

function deps(overrides: Partial<AddPhotosDeps> = {}): AddPhotosDeps {
  let n = 0;
  return {
    shrink: vi.fn(async (file: File) => ({ blob: new Blob(['small']), fileName: file.name, width: 800, height: 600 })),
    upload: vi.fn(async () => ({ url: `/uploads/${++n}.jpg` })),
    alert: vi.fn(),
    ...overrides,
  };
}

describe('addPhotos', () => {
  it('uploads each shrunk image in order', async () => {
    const d = deps();
    const result = await addPhotos([image('a.jpg'), image('b.jpg')], 0, d);
    expect(result).toEqual({ urls: ['/uploads/1.jpg', '/uploads/2.jpg'], messages: [] });
    expect(d.upload).toHaveBeenCalledWith(expect.any(Blob), 'a.jpg');
  });

  it('drops files beyond the free slots and says why', async () => {
    const d = deps();
    const result = await addPhotos([image('a.jpg'), image('b.jpg'), image('c.jpg')], 3, d);
    expect(result.urls).toHaveLength(2);
    expect(result.messages).toEqual(['Maximum 5 images allowed']);
    expect(d.shrink).toHaveBeenCalledTimes(2);
  });

  it('adds nothing when the item already has 5 photos', async () => {
    const d = deps();
    const result = await addPhotos([image('a.jpg')], 5, d);
    expect(result).toEqual({ urls: [], messages: ['Maximum 5 images allowed'] });
    expect(d.upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    const d = deps();
    const result = await addPhotos([new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }), image('ok.jpg')], 0, d);
    expect(result.messages).toEqual(['receipt.pdf is not an image file']);
    expect(result.urls).toEqual(['/uploads/1.jpg']);
  });

  it('refuses an image still over 2 MB after shrinking', async () => {
    const d = deps({
      shrink: vi.fn(async (file: File) => ({ blob: new Blob([new Uint8Array(2_097_153)]), fileName: file.name, width: 800, height: 600 })),
    });
    const result = await addPhotos([image('huge.jpg')], 0, d);
    expect(result.messages).toEqual(['huge.jpg is still too large after compression. Try a different image.']);
    expect(d.upload).not.toHaveBeenCalled();
  });

  it('accepts exactly 2 MB', async () => {
    const d = deps({
      shrink: vi.fn(async (file: File) => ({ blob: new Blob([new Uint8Array(2_097_152)]), fileName: file.name, width: 800, height: 600 })),
    });
    expect((await addPhotos([image('edge.jpg')], 0, d)).urls).toHaveLength(1);
  });

  it("shows the server's upload error in an alert, else 'Upload failed'", async () => {
    const upload = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(415, 'Only JPEG, PNG, GIF or WebP images are accepted'))
      .mockRejectedValueOnce(new ApiError(0, undefined))
      .mockResolvedValueOnce({ url: '/uploads/3.jpg' });
    const d = deps({ upload });
    const result = await addPhotos([image('a.jpg'), image('b.jpg'), image('c.jpg')], 0, d);
    expect(d.alert).toHaveBeenNthCalledWith(1, 'Only JPEG, PNG, GIF or WebP images are accepted');
    expect(d.alert).toHaveBeenNthCalledWith(2, 'Upload failed');
    expect(result.urls).toEqual(['/uploads/3.jpg']);
  });
});
