import { formatDay } from '@/lib/format';

/** When something happened (an alert, a message): "just now", "5 min ago", "3 h ago", then the date ("May 2, 2099"). */
export function formatWhen(createdAt: string, now: Date = new Date()): string {
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return '';
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return formatDay(at);
}
