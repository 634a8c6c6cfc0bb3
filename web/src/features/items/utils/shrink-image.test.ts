import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, outputTypeFor, renameFor, shrinkImage } from './shrink-image';

describe('fitWithin (800×600 box, never enlarged, aspect kept)', () => {
  it.each([
    // [input w, h] → [output w, h]
    [
      [4000, 3000],
      [800, 600],
    ], // same 4:3 shape, scaled to the box
    [
      [1600, 600],
      [800, 300],
    ], // wide: width is the limit
    [
      [600, 1200],
      [300, 600],
    ], // tall: height is the limit
    [
      [1000, 1000],
      [600, 600],
    ], // square: height is the limit
    [
      [800, 600],
      [800, 600],
    ], // exactly the box
    [
      [640, 480],
      [640, 480],
    ], // smaller: untouched
    [
      [12000, 9000],
      [800, 600],
    ],
    [
      [1001, 333],
      [800, 266],
    ], // rounded
  ])('%j → %j', ([width, height], expected) => {
    expect(fitWithin(width, height)).toEqual({ width: expected[0], height: expected[1] });
  });

  it('never goes below one pixel', () => {
    expect(fitWithin(100000, 10)).toEqual({ width: 800, height: 1 });
  });

  it('answers 0×0 for an empty image', () => {
    expect(fitWithin(0, 100)).toEqual({ width: 0, height: 0 });
  });

  it('takes another box', () => {
    expect(fitWithin(400, 200, 100, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe('output format', () => {
  it('keeps transparency for PNG and GIF, JPEG otherwise', () => {
    expect(outputTypeFor('image/png')).toBe('image/png');
    expect(outputTypeFor('image/gif')).toBe('image/png');
    expect(outputTypeFor('image/jpeg')).toBe('image/jpeg');
    expect(outputTypeFor('image/webp')).toBe('image/jpeg');
  });

  it('renames the file to match', () => {
    expect(renameFor('holiday.photo.HEIC', 'image/jpeg')).toBe('holiday.photo.jpg');
    expect(renameFor('logo.gif', 'image/png')).toBe('logo.png');
    expect(renameFor('.jpg', 'image/jpeg')).toBe('photo.jpg');
  });
});

describe('shrinkImage (canvas mocked: jsdom has none)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function mockCanvas(blobSizes: number[]) {
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
    const toBlob = vi.fn((callback: BlobCallback, type?: string) => {
      const size = blobSizes.shift() ?? 1000;
      callback(new Blob([new Uint8Array(size)], { type }));
    });
    const canvas = { width: 0, height: 0, getContext: vi.fn(() => context), toBlob };
    const realCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
      tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : realCreate(tag),
    );
    return { canvas, context, toBlob };
  }

  function mockBitmap(width: number, height: number) {
    const bitmap = { width, height, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => bitmap),
    );
    return bitmap;
  }

  it('draws a 4000×3000 JPEG at 800×600 and encodes it at quality 0.8', async () => {
    const bitmap = mockBitmap(4000, 3000);
    const { canvas, context, toBlob } = mockCanvas([150_000]);
    const file = new File(['x'], 'garage.jpeg', { type: 'image/jpeg' });

    const result = await shrinkImage(file);

    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 800, 600); // white under JPEG
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 800, 600);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.8);
    expect(result).toMatchObject({ fileName: 'garage.jpg', width: 800, height: 600 });
    expect(result.blob.size).toBe(150_000);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('re-encodes an oversized PNG as JPEG', async () => {
    mockBitmap(800, 600);
    const { toBlob } = mockCanvas([3_000_000, 200_000]);
    const result = await shrinkImage(new File(['x'], 'scan.png', { type: 'image/png' }));
    expect(toBlob.mock.calls.map((call) => call[1])).toEqual(['image/png', 'image/jpeg']);
    expect(result.fileName).toBe('scan.jpg');
    expect(result.blob.size).toBe(200_000);
  });

  it('fails when the browser cannot encode', async () => {
    mockBitmap(10, 10);
    const { toBlob } = mockCanvas([]);
    toBlob.mockImplementation((callback: BlobCallback) => callback(null));
    await expect(shrinkImage(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).rejects.toThrow('could not be encoded');
  });
});
