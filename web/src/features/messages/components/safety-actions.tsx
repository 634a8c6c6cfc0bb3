import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/field';
import { useBlockMember, useReportConversation } from '../api/messages';

/** Block the other member (they are not told), or report the conversation to us. */
export function SafetyActions({ conversationId, otherUserId }: { conversationId: string; otherUserId: number }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const block = useBlockMember();
  const report = useReportConversation(conversationId);
  const onReport = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(reason, { onSuccess: () => setReporting(false) });
  };
  return (
    <section aria-label="Safety" className="mt-8 border-t border-gray-200 pt-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={block.isSuccess} onClick={() => setConfirming(true)}>
          {block.isSuccess ? 'Blocked' : 'Block'}
        </Button>
        <Button variant="secondary" size="sm" disabled={report.isSuccess} onClick={() => setReporting(true)}>
          Report
        </Button>
      </div>
      {block.isSuccess && (
        <Alert tone="success" className="mt-3">
          Blocked. They can no longer write to you.
        </Alert>
      )}
      {block.isError && (
        <Alert tone="error" className="mt-3">
          {errorMessage(block.error, 'Could not block. Try again.')}
        </Alert>
      )}
      {report.isSuccess && (
        <Alert tone="success" className="mt-3">
          Thank you. We will look at this conversation.
        </Alert>
      )}
      {reporting && !report.isSuccess && (
        <form onSubmit={onReport} className="mt-3 space-y-2" aria-label="Report this conversation">
          <TextAreaField
            label="What is wrong?"
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={1000}
            required
          />
          {report.isError && <Alert tone="error">{errorMessage(report.error, 'Could not send the report. Try again.')}</Alert>}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={report.isPending || reason.trim() === ''}>
              Send Report
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setReporting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title="Block this member?"
        message="They will no longer be able to write to you. They are not told."
        confirmLabel="Block"
        busyLabel="Blocking..."
        busy={block.isPending}
        onConfirm={() => block.mutate(otherUserId, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
