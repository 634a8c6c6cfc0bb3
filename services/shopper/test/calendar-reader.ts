import ICAL from 'ical.js';

/**
 * Reads the .ics files we write with ical.js, the parser calendar apps such as Thunderbird use,
 * so the tests check what an independent reader makes of them (unfolding, unescaping, VTIMEZONE
 * rules, recurrences) rather than what our own code expects.
 */
export interface ReadEvent {
  /** Each property of the VEVENT as ical.js decodes it (text unescaped), the first when repeated. */
  properties: Record<string, string>;
  /** The parameters of each property by upper-case name, e.g. `params.DTSTART.TZID`. */
  params: Record<string, Record<string, string>>;
  /** DTSTART and DTEND as instants, through the file's own VTIMEZONEs. */
  start: Date;
  end: Date;
  /** The start of each occurrence (just `start` for an event without RRULE). */
  occurrences: Date[];
  /** The zone ical.js resolved DTSTART in (its TZID, found among the file's VTIMEZONEs). */
  zone: string;
}

export interface ReadCalendar {
  properties: Record<string, string>;
  events: ReadEvent[];
  /** TZIDs of the VTIMEZONEs, in file order. */
  timeZones: string[];
}

const MAX_OCCURRENCES = 400;

export function readCalendarFile(text: string): ReadCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // ical.js resolves a TZID through its global registry: only this file's zones are in it.
  ICAL.TimezoneService.reset();
  const timeZones = calendar.getAllSubcomponents('vtimezone').map((zone) => {
    const timezone = new ICAL.Timezone(zone);
    ICAL.TimezoneService.register(timezone);
    return timezone.tzid;
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const occurrences: Date[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && occurrences.length < MAX_OCCURRENCES; next = iterator.next()) {
      occurrences.push(next.toJSDate());
    }
    return {
      ...propertiesOf(component),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      occurrences,
      zone: event.startDate.zone?.tzid ?? 'floating',
    };
  });
  return { properties: propertiesOf(calendar).properties, events, timeZones };
}

/** The events of a calendar file, as ical.js reads them. */
export function readCalendar(text: string): ReadEvent[] {
  return readCalendarFile(text).events;
}

function propertiesOf(component: InstanceType<typeof ICAL.Component>): Pick<ReadEvent, 'properties' | 'params'> {
  const properties: Record<string, string> = {};
  const params: Record<string, Record<string, string>> = {};
  for (const property of component.getAllProperties()) {
    const name = property.name.toUpperCase();
    if (name in properties) continue;
    properties[name] = String(property.getFirstValue());
    const [, parameters] = property.toJSON() as [string, Record<string, string>];
    params[name] = Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key.toUpperCase(), String(value)]));
  }
  return { properties, params };
}
