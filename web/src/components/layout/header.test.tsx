import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@/lib/auth';
import { renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { Header } from './header';

describe('Header', () => {
  afterEach(() => signOutForTest());

  it('shows guests the public links, Sign In and Get Started', () => {
    renderScreen(<Header />, { path: '/sales' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Browse Garage Sales' })).toHaveAttribute('href', '/sales');
    expect(within(nav).getByRole('link', { name: 'Search for Items' })).toHaveAttribute('href', '/search');
    expect(within(nav).queryByRole('link', { name: 'My Items' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('gives signed-in users their links and a keyboard-usable account menu', async () => {
    signInAs();
    const { router } = renderScreen(<Header />, { path: '/', routes: [{ path: '/profile', element: <Header /> }] });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Garage Sales' })).toHaveAttribute('href', '/my-sales');
    expect(within(nav).getByRole('link', { name: 'My Items' })).toHaveAttribute('href', '/my-items');
    expect(screen.getByRole('link', { name: 'Host a Garage Sale' })).toHaveAttribute('href', '/create-sale');

    const button = screen.getByRole('button', { name: /Pat/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus());
    for (const name of [
      'Saved',
      'My Reservations',
      'Offers',
      'Saved Searches',
      'Route Planner',
      'Community Sales',
      'Organise a Community Sale',
    ]) {
      await userEvent.keyboard('{ArrowDown}');
      expect(within(menu).getByRole('menuitem', { name })).toHaveFocus();
    }
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Upgrade to Premium' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Profile Settings' }));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('hides Upgrade to Premium for premium users and shows the Premium badge', async () => {
    signInAs({ ...testUser, isPremium: true });
    renderScreen(<Header />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: /Pat.*Premium/ }));
    expect(screen.queryByRole('menuitem', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(sessionStore.get().status).toBe('anonymous');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('has a mobile menu that opens, lists the links and closes with Escape', async () => {
    signInAs();
    renderScreen(<Header />, { path: '/' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Profile Settings' })).toBeInTheDocument();
    // Grouped, each group named by its heading.
    const groups = within(mobile).getAllByRole('group');
    const linksOf = (name: string) =>
      within(groups.find((group) => group.getAttribute('aria-labelledby') && within(group).queryByText(name, { selector: 'p' }))!)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(linksOf('Shop')).toEqual(['Browse Garage Sales', 'Search for Items', 'Community Sales', 'My Reservations']);
    expect(linksOf('Host')).toEqual(['My Garage Sales', 'My Items', 'Host a Garage Sale', 'Organise a Community Sale']);
    expect(linksOf('Plan')).toEqual(['Saved', 'Saved Searches', 'Route Planner', 'Alerts']);
    expect(linksOf('Account')).toEqual(['Profile Settings', 'Upgrade to Premium']);
    expect(within(mobile).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    within(mobile).getByRole('link', { name: 'My Items' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('shows the notifications slot it is given to signed-in users only, on wide and narrow screens', () => {
    const Notifications = ({ className }: { className?: string }) => <span data-testid="notifications" className={className} />;
    const { unmount } = renderScreen(<Header notifications={Notifications} />, { path: '/' });
    expect(screen.queryByTestId('notifications')).not.toBeInTheDocument();
    unmount();
    signInAs();
    renderScreen(<Header notifications={Notifications} />, { path: '/' });
    expect(screen.getAllByTestId('notifications')).toHaveLength(2);
  });
});
