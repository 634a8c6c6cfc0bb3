import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_IMAGES_PER_ITEM } from '@garage/contracts/constants';
import { Button } from '@/components/ui/button';
import { uploadImage } from '../api/upload-image';
import { addPhotos, MAX_IMAGES_MESSAGE } from '../utils/add-photos';
import { shrinkImage } from '../utils/shrink-image';

interface PhotoPickerProps {
  urls: string[];
  onChange: (urls: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  error?: string;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Choose, shrink, upload, reorder and remove an item's photos; the first one is the main photo. */
export function PhotoPicker({ urls, onChange, onBusyChange, error }: PhotoPickerProps) {
  const inputId = useId();
  const [messages, setMessages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  // Uploads finish after renders; the latest list is what new URLs are appended to.
  const urlsRef = useRef(urls);
  urlsRef.current = urls;

  const full = urls.length >= MAX_IMAGES_PER_ITEM;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file can be chosen again after a removal
    if (files.length === 0) return;
    setUploading(true);
    onBusyChange?.(true);
    try {
      const result = await addPhotos(files, urlsRef.current.length, {
        shrink: shrinkImage,
        upload: uploadImage,
        alert: (message) => window.alert(message),
      });
      setMessages(result.messages);
      if (result.urls.length) onChange([...urlsRef.current, ...result.urls].slice(0, MAX_IMAGES_PER_ITEM));
    } catch (failure) {
      console.error(failure);
      window.alert('Failed to upload images');
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="space-y-4">
      {urls.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Item photos">
          {urls.map((url, index) => (
            <li key={url} className="overflow-hidden rounded-md border border-gray-200 bg-white">
              <div className="relative aspect-square bg-gray-100">
                <img src={url} alt={`Photo ${index + 1}`} loading="lazy" className="h-full w-full object-cover" />
                {index === 0 && (
                  <span className="absolute left-1 top-1 rounded bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">Main photo</span>
                )}
              </div>
              {/* Narrow cards on a phone: the row wraps rather than clipping an arrow. */}
              <div className="flex flex-wrap items-center justify-between gap-1 p-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === 0}
                  className="px-2"
                  aria-label={`Move photo ${index + 1} earlier`}
                  onClick={() => onChange(move(urls, index, index - 1))}
                >
                  ←
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2 text-red-700 hover:bg-red-50"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => onChange(urls.filter((_, at) => at !== index))}
                >
                  Remove
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === urls.length - 1}
                  className="px-2"
                  aria-label={`Move photo ${index + 1} later`}
                  onClick={() => onChange(move(urls, index, index + 1))}
                >
                  →
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <div className="rounded-md border-2 border-dashed border-gray-300 bg-gray-50 p-5 text-center">
        <label htmlFor={inputId} className="block cursor-pointer text-sm font-semibold text-blue-700">
          {urls.length ? 'Add more photos' : 'Upload photos'}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          multiple
          disabled={full || uploading}
          onChange={onFiles}
          aria-describedby={`${inputId}-hint`}
          className="mx-auto mt-2 block text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-700 file:px-3 file:py-2 file:font-semibold file:text-white disabled:opacity-60"
        />
        <p id={`${inputId}-hint`} className="mt-2 text-xs text-gray-600">
          JPG, PNG or GIF, up to {MAX_IMAGES_PER_ITEM} photos ({urls.length} of {MAX_IMAGES_PER_ITEM} used). Photos are resized to fit
          800×600 before upload. The first photo is the main photo.
        </p>
        {/* Said once: when the last upload already reported the limit, the alert below says it. */}
        {full && !messages.includes(MAX_IMAGES_MESSAGE) && <p className="mt-2 text-sm font-medium text-amber-900">{MAX_IMAGES_MESSAGE}</p>}
        {uploading && (
          <p role="status" className="mt-2 text-sm text-gray-800">
            Uploading photos...
          </p>
        )}
      </div>

      {(messages.length > 0 || error) && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <ul className="list-inside list-disc space-y-1">
            {messages.map((message, index) => (
              <li key={`${message}-${index}`}>{message}</li>
            ))}
            {error && <li>{error}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
