import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_QUALITY, MAX_IMAGE_BYTES } from '@garage/contracts/constants';

/**
 * Photos are shrunk in the browser before upload (spec section 5): scaled down to fit within
 * 800×600, never up, keeping the aspect ratio, and encoded at quality 0.8.
 */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number = IMAGE_MAX_WIDTH,
  maxHeight: number = IMAGE_MAX_HEIGHT,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** PNG and GIF keep their transparency as PNG; everything else becomes JPEG. */
export function outputTypeFor(inputType: string): 'image/png' | 'image/jpeg' {
  return inputType === 'image/png' || inputType === 'image/gif' ? 'image/png' : 'image/jpeg';
}

export function renameFor(fileName: string, type: string): string {
  const base = fileName.replace(/\.[^./\\]+$/, '') || 'photo';
  return `${base}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), type, quality);
  });
}

export interface ShrunkImage {
  blob: Blob;
  fileName: string;
  width: number;
  height: number;
}

export async function shrinkImage(file: File): Promise<ShrunkImage> {
  const decoded = await decode(file);
  try {
    const { width, height } = fitWithin(decoded.width, decoded.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available');
    let type = outputTypeFor(file.type);
    if (type === 'image/jpeg') {
      // JPEG has no transparency: paint white behind it rather than black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
    }
    context.drawImage(decoded.source, 0, 0, width, height);
    let blob = await encode(canvas, type, IMAGE_QUALITY);
    if (blob.size > MAX_IMAGE_BYTES && type === 'image/png') {
      // A photo saved as PNG can stay large; JPEG at the same size almost always fits.
      type = 'image/jpeg';
      blob = await encode(canvas, type, IMAGE_QUALITY);
    }
    return { blob, fileName: renameFor(file.name, type), width, height };
  } finally {
    decoded.release();
  }
}
