import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, ConversationDetail, Message } from '@garage/contracts';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { ContactHost } from './contact-host';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { MessagesLink } from './messages-link';

const SHOPPER = { ...testUser, id: 55, firstName: 'Sam' };
const HOST_ID = testUser.id;

function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    conversationId: 3,
    senderId: SHOPPER.id,
    text: 'Is the lamp still there?',
    flagged: false,
    warning: null,
    offer: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  const now = new Date().toISOString();
  return {
    id: 3,
    saleId: 10,
    itemId: 100,
    saleTitle: 'Maple Street Sale',
    buyerId: SHOPPER.id,
    hostId: HOST_ID,
    otherUserId: SHOPPER.id,
    lastMessage: aMessage(),
    unreadCount: 0,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

function aDetail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return { ...aConversation(), messages: [aMessage()], nextBefore: null, ...overrides };
}

describe('Messages', () => {
  afterEach(() => signOutForTest());

  it('Contact Seller sends the first message and opens the conversation', async () => {
    signInAs(SHOPPER);
    const { calls } = mockFetch({ 'POST /api/conversations': () => json(aConversation(), 201) });
    renderScreen(<ContactHost saleId={10} itemId={100} />, {
      path: '/items/100',
      routes: [{ path: '/messages/:id', element: <p>Conversation page</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Contact Seller' }));
    await userEvent.type(screen.getByLabelText(/Your message to the seller/), 'Is the lamp still there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Conversation page')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ saleId: 10, itemId: 100, text: 'Is the lamp still there?' });
  });

  it("shows the host's refusal as the server words it", async () => {
    signInAs(SHOPPER);
    mockFetch({ 'POST /api/conversations': () => json({ error: 'The host has turned messages off for this sale' }, 403) });
    renderScreen(<ContactHost saleId={10} label="Message the Host" />, { path: '/sales/10' });
    await userEvent.click(screen.getByRole('button', { name: 'Message the Host' }));
    await userEvent.type(screen.getByLabelText(/Your message to the seller/), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The host has turned messages off for this sale');
  });

  it('lists conversations with their unread counts, and the header link says how many are unread', async () => {
    signInAs();
    mockFetch({
      'GET /api/conversations': () =>
        json({
          conversations: [aConversation({ unreadCount: 2, lastMessage: aMessage({ text: '<b>Still there?</b>' }) })],
          unreadCount: 2,
        }),
    });
    renderScreen(
      <>
        <MessagesLink />
        <ConversationList />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: /Maple Street Sale/ })).toHaveAttribute('href', '/messages/3');
    expect(within(list).getByText('2 unread')).toBeInTheDocument();
    expect(within(list).getByText('<b>Still there?</b>')).toBeInTheDocument(); // shown as typed, never as markup
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute('href', '/messages');
  });

  it('says when there are no conversations yet', async () => {
    signInAs();
    mockFetch({ 'GET /api/conversations': () => json({ conversations: [], unreadCount: 0 }) });
    renderScreen(<ConversationList />);
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('shows a conversation oldest first, warns of a flagged message, marks it read, and sends a reply', async () => {
    signInAs();
    const older = aMessage({ id: 1, text: 'Is the lamp still there?' });
    const flagged = aMessage({ id: 2, text: 'Buy a gift card first', flagged: true, warning: 'This looks like a payment scam.' });
    const { calls } = mockFetch({
      'GET /api/conversations/3': () => json(aDetail({ unreadCount: 1, messages: [flagged, older] })),
      'POST /api/conversations/3/read': () => json({ unreadCount: 0 }),
      'POST /api/conversations/3/messages': ({ body }) =>
        json(aMessage({ id: 4, senderId: HOST_ID, text: (body as { text: string }).text }), 201),
      'GET /api/conversations': () => json({ conversations: [], unreadCount: 0 }),
    });
    renderScreen(<ConversationThread id="3" />, { path: '/messages/3' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Is the lamp still there?');
    expect(within(items[1]!).getByRole('note')).toHaveTextContent('This looks like a payment scam.');
    expect(screen.getByRole('heading', { level: 1, name: 'Maple Street Sale' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/read'))).toBe(true));

    await userEvent.type(screen.getByLabelText('Your reply'), 'Yes, come by!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((call) => call.url.pathname.endsWith('/messages'))?.body).toEqual({ text: 'Yes, come by!' }));
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveValue(''));
  });

  it('blocks the other member after confirming, and reports the conversation', async () => {
    signInAs();
    const { calls } = mockFetch({
      'GET /api/conversations/3': () => json(aDetail()),
      'POST /api/blocks': () => json({ userId: SHOPPER.id, createdAt: new Date().toISOString() }, 201),
      'POST /api/conversations/3/report': () => json({ id: 1, conversationId: 3, createdAt: new Date().toISOString() }, 201),
    });
    renderScreen(<ConversationThread id="3" />, { path: '/messages/3' });
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Blocked. They can no longer write to you.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/blocks')?.body).toEqual({ userId: SHOPPER.id });

    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await userEvent.type(screen.getByLabelText(/What is wrong/), 'Asked for a gift card');
    await userEvent.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('Thank you. We will look at this conversation.')).toBeInTheDocument();
  });

  it('says a conversation it may not see is not found', async () => {
    signInAs();
    mockFetch({ 'GET /api/conversations/9': () => json({ error: 'Conversation not found' }, 404) });
    renderScreen(<ConversationThread id="9" />, { path: '/messages/9' });
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
  });
});
