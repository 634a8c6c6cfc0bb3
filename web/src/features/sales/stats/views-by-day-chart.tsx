import type { SaleStats } from '@garage/contracts';

/** The days a chart shows at most: two weeks read on a phone. */
const MAX_DAYS = 14;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Day = SaleStats['byDay'][number];

function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** "Nov 27" */
function shortDay(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}`;
}

/** The last days up to MAX_DAYS, with the days nobody looked at filled in as zeros. */
export function chartDays(byDay: Day[]): Day[] {
  if (byDay.length === 0) return [];
  const known = new Map(byDay.map((day) => [day.date, day]));
  const days: Day[] = [];
  for (let date = byDay[0]!.date; date <= byDay[byDay.length - 1]!.date; date = nextDay(date))
    days.push(known.get(date) ?? { date, views: 0, uniqueViewers: 0 });
  return days.slice(-MAX_DAYS);
}

/**
 * Views per day as bars, with the day's unique viewers as a darker bar inside each: inline SVG,
 * scaled to its box, so it reads the same at 375 px and on a desktop.
 */
export function ViewsByDayChart({ byDay }: { byDay: Day[] }) {
  const days = chartDays(byDay);
  if (days.length === 0) return <p className="text-sm text-gray-700">No views yet: the chart fills in as shoppers look.</p>;
  const width = 320;
  const height = 150;
  const top = 16;
  const bottom = 22;
  const slot = width / days.length;
  const bar = Math.min(28, slot * 0.7);
  const most = Math.max(1, ...days.map((day) => day.views));
  const scale = (count: number) => ((height - top - bottom) * count) / most;
  // Every label when they fit, else every other one (the last always).
  const labelEvery = slot < 34 ? 2 : 1;
  const summary = days.map((day) => `${shortDay(day.date)}: ${day.views} views, ${day.uniqueViewers} unique`).join('; ');
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={`Views per day. ${summary}`}>
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} className="stroke-gray-300" strokeWidth={1} />
        {days.map((day, i) => {
          const x = i * slot + (slot - bar) / 2;
          const base = height - bottom;
          const labelled = (days.length - 1 - i) % labelEvery === 0;
          return (
            <g key={day.date}>
              <title>{`${shortDay(day.date)}: ${day.views} views, ${day.uniqueViewers} unique viewers`}</title>
              <rect x={x} y={base - scale(day.views)} width={bar} height={scale(day.views)} rx={2} className="fill-blue-200" />
              <rect
                x={x + bar * 0.2}
                y={base - scale(day.uniqueViewers)}
                width={bar * 0.6}
                height={scale(day.uniqueViewers)}
                rx={1.5}
                className="fill-blue-700"
              />
              {day.views > 0 && (
                <text x={x + bar / 2} y={base - scale(day.views) - 4} textAnchor="middle" fontSize={10} className="fill-gray-800">
                  {day.views}
                </text>
              )}
              {labelled && (
                <text x={x + bar / 2} y={height - 6} textAnchor="middle" fontSize={10} className="fill-gray-700">
                  {shortDay(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-gray-700">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-blue-200" /> Views
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-blue-700" /> Unique viewers
        </span>
      </figcaption>
    </figure>
  );
}
