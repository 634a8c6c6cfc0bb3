import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_PLAN_MAX_SALES } from '@garage/contracts/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { aSale } from '@/test/fixtures';
import { usePlanSelection } from '../hooks/use-plan-selection';
import { AddToPlanButton } from './add-to-plan-button';

function Count() {
  return <p>{usePlanSelection().sales.length} in plan</p>;
}

describe('AddToPlanButton', () => {
  afterEach(() => signOutForTest());

  it('is for signed-in users only', () => {
    renderScreen(<AddToPlanButton sale={aSale()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('toggles the sale in the pick, kept per user in local storage and shared by every button', async () => {
    signInAs();
    renderScreen(
      <>
        <AddToPlanButton sale={aSale({ id: 1 })} named />
        <AddToPlanButton sale={aSale({ id: 1 })} />
        <Count />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to plan: Maple Street Moving Sale' }));
    expect(screen.getByRole('button', { name: 'In your plan: Maple Street Moving Sale' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'In your plan' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 in plan')).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(`garage.routePlan.selection.${testUser.id}`)!);
    expect(stored).toEqual([
      {
        id: 1,
        title: 'Maple Street Moving Sale',
        city: 'Springfield',
        state: 'IL',
        start_date: '2030-06-14',
        end_date: '2030-06-15',
        start_time: '08:00',
        end_time: '16:00',
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'In your plan' }));
    expect(screen.getByText('0 in plan')).toBeInTheDocument();
  });

  it(`stops at ${ROUTE_PLAN_MAX_SALES} sales and ignores a damaged entry`, async () => {
    signInAs();
    const many = Array.from({ length: ROUTE_PLAN_MAX_SALES }, (_, index) => ({ ...aSale({ id: index + 100 }) }));
    window.localStorage.setItem(`garage.routePlan.selection.${testUser.id}`, JSON.stringify(many));
    const { unmount } = renderScreen(<AddToPlanButton sale={aSale({ id: 1 })} />);
    expect(screen.getByRole('button', { name: 'Add to plan' })).toBeDisabled();
    unmount();
    window.localStorage.setItem(`garage.routePlan.selection.${testUser.id}`, '{not json');
    renderScreen(<AddToPlanButton sale={aSale({ id: 1 })} />);
    expect(screen.getByRole('button', { name: 'Add to plan' })).toBeEnabled();
  });
});
