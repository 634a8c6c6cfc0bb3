/** Only same-site paths are followed after sign-in (no "//evil.example" or absolute URLs). */
export function safeRedirect(from: unknown, fallback = '/'): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  if (from.startsWith('/login') || from.startsWith('/register')) return fallback;
  return from;
}
