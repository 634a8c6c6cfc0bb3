/**
 * Saves a text answer of the API as a file. Calendar files of signed-in users need the bearer
 * token (a plain link cannot send it), so they are fetched through the API client and handed to
 * the browser as a blob URL behind a temporary `download` link.
 */
export function saveTextFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the URL is released a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
