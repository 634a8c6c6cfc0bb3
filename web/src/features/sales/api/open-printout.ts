import { authorizedBlob } from '@/lib/api-client';

/**
 * Opens one of the host's PDFs (the yard sign, the price stickers) in a new tab. A plain link cannot
 * send the bearer token, so the PDF is fetched and shown from a blob URL. The tab is opened at the
 * click, before the fetch, so a phone's pop-up blocker lets it through.
 */
export async function openPrintout(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await authorizedBlob(path));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has the PDF by then; the URL is released a minute later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
