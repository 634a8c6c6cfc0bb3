/** Polls `probe` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A logger that keeps quiet in tests but collects what it was told. */
export function silentLogger() {
  const lines: Array<{ level: string; obj: object; msg?: string }> = [];
  const log = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };
}
