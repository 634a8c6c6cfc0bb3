import { api } from '@/lib/api-client';
import { saveTextFile } from '@/lib/download';

/** The path of a sale's calendar file (public; signed-in users get the full address in LOCATION). */
export const saleCalendarPath = (saleId: number) => `/api/sales/${saleId}/calendar.ics`;

/**
 * GET an ICS file through the API client (so the token goes with it) and save it. The client
 * hands back a body it cannot read as JSON as text, which is what a calendar file is.
 */
export async function downloadCalendar(path: string, filename: string): Promise<void> {
  const body = await api.get<unknown>(path);
  if (typeof body !== 'string' || !body.startsWith('BEGIN:VCALENDAR')) throw new Error('Not a calendar file');
  saveTextFile(body, filename, 'text/calendar;charset=utf-8');
}
