/** What the host can pick in the markdown panel: the sale's days and half hours within its hours. */

export const PERCENT_CHOICES = [10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90];

/** Every date from `start` to `end` (YYYY-MM-DD), both included. */
export function saleDates(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${start}T00:00:00Z`); dates.length < 31; at += 86_400_000) {
    const date = new Date(at).toISOString().slice(0, 10);
    if (date > end) break;
    dates.push(date);
  }
  return dates;
}

/** Half hours from `start` up to, not including, `end` (HH:MM). */
export function saleTimes(start: string, end: string): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const times: string[] = [];
  for (let at = minutes(start); at < minutes(end); at += 30) {
    times.push(`${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`);
  }
  return times;
}
