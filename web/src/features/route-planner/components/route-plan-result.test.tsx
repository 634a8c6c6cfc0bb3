import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { aRoutePlan, aStop } from '@/test/premium-fixtures';
import { RoutePlanResult } from './route-plan-result';

describe('RoutePlanResult', () => {
  it('lists the stops in order with arrival and leave times, and the summary', () => {
    renderScreen(<RoutePlanResult plan={aRoutePlan()} showMap={false} />);
    const stops = within(screen.getByRole('list', { name: 'Stops in driving order' })).getAllByRole('listitem');
    expect(stops).toHaveLength(2);
    expect(within(stops[0]).getByRole('link', { name: 'Stop Sale 1' })).toHaveAttribute('href', '/sales/11');
    expect(stops[0]).toHaveTextContent('Arrive 8:10 AM · Leave 8:25 AM');
    expect(stops[0]).toHaveTextContent('10 min drive (3.2 mi) from the start');
    expect(stops[1]).toHaveTextContent('Arrive 8:40 AM · Leave 8:55 AM');
    expect(stops[1]).toHaveTextContent('15 min drive (6.4 mi) from stop 1 · waits 5 min for the opening · open 8:00 AM – 4:00 PM');
    expect(screen.getByText('Fri, Jun 14, 2030')).toBeInTheDocument();
    expect(screen.getByText('25 min · 9.6 mi')).toBeInTheDocument();
    expect(screen.getByText('8:55 AM')).toBeInTheDocument();
  });

  it("gives a community sale's stops their number in it", () => {
    const plan = aRoutePlan({ stops: [aStop(1, { communitySaleNumber: 42 }), aStop(2)] });
    renderScreen(<RoutePlanResult plan={plan} showMap={false} />);
    const stops = within(screen.getByRole('list', { name: 'Stops in driving order' })).getAllByRole('listitem');
    expect(stops[0]).toHaveTextContent('No. 42 ·');
    expect(stops[1]).not.toHaveTextContent('No.');
  });

  it("shows each stop's live state with how long ago it was said, and none on a stop that dropped out", () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const plan = aRoutePlan({
      stops: [
        aStop(1, { liveState: 'winding_down', liveStateAt: fiveMinutesAgo }),
        aStop(2, { liveState: 'closed_early', liveStateAt: fiveMinutesAgo, droppedOut: 'closed_early', droppedOutAt: fiveMinutesAgo }),
      ],
    });
    renderScreen(<RoutePlanResult plan={plan} showMap={false} />);
    const stops = within(screen.getByRole('list', { name: 'Stops in driving order' })).getAllByRole('listitem');
    expect(within(stops[0]).getByTestId('live-state')).toHaveTextContent('Winding down · 5 min ago');
    expect(within(stops[1]).queryByTestId('live-state')).toBeNull();
    expect(stops[1]).toHaveTextContent('Closed early Not a stop any more');
  });

  it('says which sales could not fit and why', () => {
    renderScreen(
      <RoutePlanResult
        plan={aRoutePlan({
          unplanned: [
            { saleId: 99, title: 'Early Bird Sale', reason: 'Closes at 08:30, before you could get there (09:05)' },
            { saleId: 98, title: null, reason: 'Sale not found' },
          ],
        })}
        showMap={false}
      />,
    );
    const section = screen.getByRole('region', { name: 'Could Not Fit (2 sales)' });
    const reasons = within(section).getAllByRole('listitem');
    expect(reasons[0]).toHaveTextContent('Early Bird Sale: Closes at 8:30 AM, before you could get there (9:05 AM)');
    expect(within(reasons[0]).getByRole('link', { name: 'Early Bird Sale' })).toHaveAttribute('href', '/sales/99');
    expect(reasons[1]).toHaveTextContent('Sale #98: Sale not found');
  });

  it('gives a Google Maps and an Apple Maps link per leg of at most 10 stops', () => {
    const stops = Array.from({ length: 12 }, (_, index) => aStop(index + 1));
    const plan = aRoutePlan({
      stops,
      totals: { stops: 12, driveMinutes: 95, driveMiles: 40.2, finishAt: '12:40' },
      directions: {
        google: ['https://www.google.com/maps/dir/?leg=1', 'https://www.google.com/maps/dir/?leg=2'],
        apple: ['https://maps.apple.com/?leg=1', 'https://maps.apple.com/?leg=2'],
      },
    });
    renderScreen(<RoutePlanResult plan={plan} showMap={false} />);
    const directions = screen.getByRole('region', { name: 'Directions' });
    expect(directions).toHaveTextContent('the route comes in 2 legs');
    const legs = within(directions).getAllByRole('listitem');
    expect(legs[0]).toHaveTextContent('Leg 1: Start → stop 10');
    expect(legs[1]).toHaveTextContent('Leg 2: Stop 10 → stop 12');
    const google2 = within(legs[1]).getByRole('link', { name: 'Google Maps, leg 2 (opens in a new tab)' });
    expect(google2).toHaveAttribute('href', 'https://www.google.com/maps/dir/?leg=2');
    expect(google2).toHaveAttribute('target', '_blank');
    expect(within(legs[1]).getByRole('link', { name: 'Apple Maps, leg 2 (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://maps.apple.com/?leg=2',
    );
    expect(screen.getByText('1 h 35 min · 40.2 mi')).toBeInTheDocument();
  });

  it('shows a stop across a time zone line on its own clock too', () => {
    const plan = aRoutePlan({
      stops: [
        aStop(1, { timeZone: 'America/New_York', arrival: '09:00', departure: '09:15', localArrival: '10:00', localDeparture: '10:15' }),
      ],
    });
    renderScreen(<RoutePlanResult plan={plan} showMap={false} />);
    expect(screen.getByText(/Local time there: 10:00 AM – 10:15 AM \(EDT\)/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Stops in driving order' })).toHaveTextContent('Arrive 9:00 AM · Leave 9:15 AM (CDT)');
  });

  it('says so when no sale fits the day', () => {
    renderScreen(<RoutePlanResult plan={aRoutePlan({ stops: [], directions: { google: [], apple: [] } })} showMap={false} />);
    expect(screen.getByText('None of the sales fit this day. Try another date or an earlier start time.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Directions' })).not.toBeInTheDocument();
  });
});
