import { describe, expect, it } from '@jest/globals';
import { zonedTimeToUtc } from '@garage/contracts';
import type { CalendarEvent } from './calendar.types.js';
import { readCalendar, readCalendarFile } from '../../test/calendar-reader.js';
import { calendarFile } from './ics.js';

const now = new Date('2026-11-22T00:30:00Z');

function sale(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: 'sale-12@garage',
    title: 'Big moving sale',
    description: 'Furniture and tools',
    location: '123 Main St, Springfield, IL 62701',
    url: 'https://garage.example/sales/12',
    startDate: '2026-12-05',
    startTime: '08:00',
    endDate: '2026-12-05',
    endTime: '16:00',
    timeZone: 'America/Chicago',
    ...overrides,
  };
}

/** The physical lines of a file (it ends with CRLF, so the last split is empty). */
const physicalLines = (text: string) => text.split('\r\n').slice(0, -1);
/** The unfolded content lines. */
const contentLines = (text: string) => text.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
/** The lines of the VTIMEZONE of `zone`. */
function timeZoneLines(text: string, zone: string): string[] {
  const lines = contentLines(text);
  const start = lines.indexOf(`TZID:${zone}`);
  expect(start).toBeGreaterThan(0);
  return lines.slice(start - 1, lines.indexOf('END:VTIMEZONE', start) + 1);
}

describe('calendarFile', () => {
  it('writes one event in its zone, with CRLF line endings', () => {
    const text = calendarFile([sale()], { now, name: 'Garage sales' });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Garage//Garage Sales//EN\r\n')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    const lines = contentLines(text);
    expect(lines).toContain('X-WR-CALNAME:Garage sales');
    const event = lines.slice(lines.indexOf('BEGIN:VEVENT'));
    expect(event).toEqual([
      'BEGIN:VEVENT',
      'UID:sale-12@garage',
      'DTSTAMP:20261122T003000Z',
      'DTSTART;TZID=America/Chicago:20261205T080000',
      'DTEND;TZID=America/Chicago:20261205T160000',
      'SUMMARY:Big moving sale',
      'DESCRIPTION:Furniture and tools',
      'LOCATION:123 Main St\\, Springfield\\, IL 62701',
      'URL:https://garage.example/sales/12',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('reads back to the same fields and instants in ical.js', () => {
    const file = readCalendarFile(calendarFile([sale()], { now, name: 'Garage sales' }));
    expect(file.properties).toMatchObject({ VERSION: '2.0', PRODID: '-//Garage//Garage Sales//EN', 'X-WR-CALNAME': 'Garage sales' });
    expect(file.timeZones).toEqual(['America/Chicago']);
    const [event, ...others] = file.events;
    expect(others).toEqual([]);
    expect(event!.properties).toMatchObject({
      UID: 'sale-12@garage',
      SUMMARY: 'Big moving sale',
      DESCRIPTION: 'Furniture and tools',
      LOCATION: '123 Main St, Springfield, IL 62701',
      URL: 'https://garage.example/sales/12',
      DTSTAMP: '2026-11-22T00:30:00Z',
    });
    expect(event!.params.DTSTART).toEqual({ TZID: 'America/Chicago' });
    expect(event!.zone).toBe('America/Chicago');
    // 08:00 CST is 14:00 UTC.
    expect(event!.start.toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(event!.end.toISOString()).toBe('2026-12-05T22:00:00.000Z');
    expect(event!.occurrences).toEqual([event!.start]);
  });

  it('gives a US zone with daylight saving its yearly rules', () => {
    const lines = timeZoneLines(calendarFile([sale()], { now }), 'America/Chicago');
    expect(lines).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/Chicago',
      'BEGIN:DAYLIGHT',
      'DTSTART:20250309T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'TZOFFSETFROM:-0600',
      'TZOFFSETTO:-0500',
      'TZNAME:CDT',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20251102T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0600',
      'TZNAME:CST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('gives zones without daylight saving (Phoenix, Honolulu) only a STANDARD', () => {
    const text = calendarFile(
      [
        sale({
          uid: 'a',
          timeZone: 'America/Phoenix',
          startDate: '2026-07-04',
          endDate: '2026-07-04',
          startTime: '09:00',
          endTime: '13:00',
        }),
        sale({
          uid: 'b',
          timeZone: 'Pacific/Honolulu',
          startDate: '2026-07-04',
          endDate: '2026-07-04',
          startTime: '09:00',
          endTime: '13:00',
        }),
      ],
      { now },
    );
    expect(timeZoneLines(text, 'America/Phoenix')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/Phoenix',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-0700',
      'TZOFFSETTO:-0700',
      'TZNAME:MST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(timeZoneLines(text, 'Pacific/Honolulu')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Pacific/Honolulu',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-1000',
      'TZOFFSETTO:-1000',
      'TZNAME:HST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    const [phoenix, honolulu] = readCalendar(text);
    // In July Phoenix stays on UTC-7 while its neighbours move an hour.
    expect(phoenix!.start.toISOString()).toBe('2026-07-04T16:00:00.000Z');
    expect(honolulu!.start.toISOString()).toBe('2026-07-04T19:00:00.000Z');
  });

  it('writes one VTIMEZONE per zone used, however many events use it', () => {
    const text = calendarFile([sale({ uid: 'a' }), sale({ uid: 'b', timeZone: 'America/New_York' }), sale({ uid: 'c' })], { now });
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(2);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  });

  it('places events around the March and November changes at the right instants', () => {
    // 2026: clocks go forward on Sunday 8 March and back on Sunday 1 November.
    const days = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02', '2027-01-10'];
    for (const zone of [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Anchorage',
      'America/Adak',
    ]) {
      const events = days.map((day, index) =>
        sale({ uid: `${zone}-${index}`, timeZone: zone, startDate: day, endDate: day, startTime: '08:00', endTime: '15:30' }),
      );
      const parsed = readCalendar(calendarFile(events, { now }));
      parsed.forEach((event, index) => {
        expect({ zone, day: days[index], start: event.start.toISOString() }).toEqual({
          zone,
          day: days[index],
          start: zonedTimeToUtc(days[index]!, '08:00', zone).toISOString(),
        });
        expect(event.end.toISOString()).toBe(zonedTimeToUtc(days[index]!, '15:30', zone).toISOString());
      });
    }
  });

  it('repeats a sale of several days every day until its last, keeping its hours across the change', () => {
    const event = sale({
      uid: 'sale-7@garage',
      timeZone: 'America/New_York',
      startDate: '2026-10-30',
      endDate: '2026-10-30',
      dailyUntil: '2026-11-02',
    });
    const text = calendarFile([event], { now });
    // UNTIL is the last occurrence's start, in UTC: 08:00 EST on 2 November.
    expect(contentLines(text)).toContain('RRULE:FREQ=DAILY;UNTIL=20261102T130000Z');
    expect(contentLines(text)).toContain('DTEND;TZID=America/New_York:20261030T160000');
    const [parsed] = readCalendar(text);
    expect(parsed!.occurrences.map((start) => start.toISOString())).toEqual([
      '2026-10-30T12:00:00.000Z',
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ]);
  });

  it('takes the last day as the end date of a daily sale too, and times with seconds', () => {
    const text = calendarFile(
      [sale({ startDate: '2027-03-13', endDate: '2027-03-15', dailyUntil: '2027-03-15', startTime: '07:30:00', endTime: '12:00:00' })],
      { now },
    );
    const lines = contentLines(text);
    expect(lines).toContain('DTSTART;TZID=America/Chicago:20270313T073000');
    expect(lines).toContain('DTEND;TZID=America/Chicago:20270313T120000');
    const [parsed] = readCalendar(text);
    expect(parsed!.occurrences.map((start) => start.toISOString())).toEqual([
      '2027-03-13T13:30:00.000Z', // CST
      '2027-03-14T12:30:00.000Z', // CDT from 14 March 2027
      '2027-03-15T12:30:00.000Z',
    ]);
  });

  it('ends an overnight daily event the next morning, and writes no rule for a one-day "daily" event', () => {
    const overnight = calendarFile([sale({ startTime: '20:00', endTime: '02:00', dailyUntil: '2026-12-06' })], { now });
    expect(contentLines(overnight)).toContain('DTEND;TZID=America/Chicago:20261206T020000');
    const single = calendarFile([sale({ dailyUntil: '2026-12-05' })], { now });
    expect(single).not.toContain('RRULE:FREQ=DAILY');
  });

  it('escapes commas, semicolons, backslashes and line breaks, and reads them back', () => {
    const title = 'Books, records; C:\\old stuff';
    const description = 'Cash only, please.\nParking on Elm St; no driveway.\r\nSee you!';
    const text = calendarFile([sale({ title, description })], { now });
    const lines = contentLines(text);
    expect(lines).toContain('SUMMARY:Books\\, records\\; C:\\\\old stuff');
    expect(lines).toContain('DESCRIPTION:Cash only\\, please.\\nParking on Elm St\\; no driveway.\\nSee you!');
    const [event] = readCalendar(text);
    expect(event!.properties.SUMMARY).toBe(title);
    expect(event!.properties.DESCRIPTION).toBe('Cash only, please.\nParking on Elm St; no driveway.\nSee you!');
  });

  it('drops control characters other than tabs, which text may not contain', () => {
    const [event] = readCalendar(
      calendarFile([sale({ title: 'Tools\tand\u0000 toys\u0007', url: 'https://garage.example/sales/12\u0000' })], { now }),
    );
    expect(event!.properties.SUMMARY).toBe('Tools\tand toys');
    expect(event!.properties.URL).toBe('https://garage.example/sales/12');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds them back', () => {
    const description = `Everything must go: ${'vintage café chairs, 🪑 lamps, '.repeat(12)}and more.`;
    const text = calendarFile([sale({ description, title: 'Ünïcödé '.repeat(15) })], { now });
    const lines = physicalLines(text);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
      // No lone surrogate: the emoji stayed whole.
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    const folded = lines.filter((line) => line.startsWith(' '));
    expect(folded.length).toBeGreaterThan(5);
    // Some lines are exactly full: the limit is used, not just approached.
    expect(lines.some((line) => Buffer.byteLength(line, 'utf8') >= 73)).toBe(true);
    const [event] = readCalendar(text);
    expect(event!.properties.DESCRIPTION).toBe(description);
    expect(event!.properties.SUMMARY).toBe('Ünïcödé '.repeat(15));
  });

  it('stamps the file with the current time by default', () => {
    const before = Date.now();
    const [event] = readCalendar(calendarFile([sale()]));
    const stamp = event!.properties.DTSTAMP!;
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const read = Date.parse(stamp);
    expect(read).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('leaves out the optional fields when they are empty', () => {
    const text = calendarFile([sale({ description: undefined, location: '', url: undefined })], { now });
    expect(text).not.toMatch(/DESCRIPTION|LOCATION|URL/);
    expect(calendarFile([], { now })).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Garage//Garage Sales//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n',
    );
  });

  it('refuses dates, times and zones that are not valid, and events that end before they start', () => {
    expect(() => calendarFile([sale({ startDate: '2026-02-30' })])).toThrow(RangeError);
    expect(() => calendarFile([sale({ startTime: '8:00' })])).toThrow(RangeError);
    expect(() => calendarFile([sale({ endTime: '24:00' })])).toThrow(RangeError);
    expect(() => calendarFile([sale({ timeZone: 'Mars/Olympus_Mons' })])).toThrow(RangeError);
    expect(() => calendarFile([sale({ endTime: '07:00' })])).toThrow(RangeError);
    expect(() => calendarFile([sale({ dailyUntil: '2026-12-01' })])).toThrow(RangeError);
  });
});

describe('a calendar app reading the file (ical.js)', () => {
  it('keeps a wall-clock time in a spring-forward gap or a repeated fall-back hour as given, for the app to read', () => {
    // 02:30 on 8 March 2026 does not exist in Chicago, and 01:30 on 1 November 2026 happens twice in
    // New York. RFC 5545 reads the first with the offset before the change and the second as its
    // first occurrence; ical.js takes the other offset in both cases. The file states the sale's
    // own hours either way, so each reading is one of the two offsets around the change.
    const gap = calendarFile([sale({ startDate: '2026-03-08', endDate: '2026-03-08', startTime: '02:30', endTime: '04:00' })], { now });
    expect(contentLines(gap)).toContain('DTSTART;TZID=America/Chicago:20260308T023000');
    expect(['2026-03-08T08:30:00.000Z', '2026-03-08T07:30:00.000Z']).toContain(readCalendar(gap)[0]!.start.toISOString());
    expect(readCalendar(gap)[0]!.end.toISOString()).toBe('2026-03-08T09:00:00.000Z');
    const twice = calendarFile(
      [sale({ timeZone: 'America/New_York', startDate: '2026-11-01', endDate: '2026-11-01', startTime: '01:30', endTime: '03:00' })],
      { now },
    );
    expect(contentLines(twice)).toContain('DTSTART;TZID=America/New_York:20261101T013000');
    expect(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']).toContain(readCalendar(twice)[0]!.start.toISOString());
    expect(readCalendar(twice)[0]!.end.toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('reads a daily sale to the same number of occurrences as it has days, and no further', () => {
    const text = calendarFile([sale({ startDate: '2026-12-28', endDate: '2027-01-02', dailyUntil: '2027-01-02' })], { now });
    const [event] = readCalendar(text);
    expect(event!.occurrences.map((start) => start.toISOString())).toEqual(
      ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'].map((day) => `${day}T14:00:00.000Z`),
    );
  });
});
