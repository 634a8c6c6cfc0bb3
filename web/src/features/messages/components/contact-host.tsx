import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGE_MAX_LENGTH } from '@garage/contracts/constants';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useStartConversation } from '../api/messages';

/**
 * "Contact Seller": a message to the sale's host about the sale or one of its items. Sending opens
 * the conversation (writing again about the same thing continues it). The host's refusals (messages
 * turned off, too many new conversations) are shown as the server words them.
 */
export function ContactHost({
  saleId,
  itemId = null,
  label = 'Contact Seller',
}: {
  saleId: number;
  itemId?: number | null;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const start = useStartConversation();
  const navigate = useNavigate();

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    start.mutate({ saleId, itemId, text }, { onSuccess: (conversation) => navigate(`/messages/${conversation.id}`) });
  };
  return (
    <form onSubmit={onSubmit} className="w-full space-y-3" aria-label="Message the seller">
      <TextAreaField
        label="Your message to the seller"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MESSAGE_MAX_LENGTH}
        required
        hint="Never pay ahead by gift card or a payment link: pay in the app or at the sale."
      />
      {start.isError && <Alert tone="error">{errorMessage(start.error, 'Your message could not be sent. Try again.')}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={start.isPending || text.trim() === ''}>
          {start.isPending ? 'Sending...' : 'Send Message'}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
