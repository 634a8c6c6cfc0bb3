import type { UnsubscribeResult } from '@garage/contracts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The small page a person sees after clicking "unsubscribe" in an email (the link opens in a
 * browser, not in the SPA). No script, no outside resource: it passes the gateway's CSP as is.
 */
export function unsubscribePage(result: UnsubscribeResult, siteUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribed – Garage</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1f2937">
<h1 style="font-size: 1.5rem">You are unsubscribed</h1>
<p>We will no longer email you ${escape(result.what)}. Alerts still appear in the app, under the bell.</p>
<p><a href="${escape(siteUrl)}/saved-searches">Manage your saved searches and alerts</a></p>
</body>
</html>
`;
}
