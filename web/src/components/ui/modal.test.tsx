import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

function ConfirmHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete</button>
      <ConfirmDialog
        open={open}
        title="Delete Item"
        message="It cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => {}}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

function FormHarness({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit</button>
      <Modal open={open} role="dialog" title="Edit Name" busy={busy} onClose={() => setOpen(false)}>
        <input aria-label="Name" defaultValue="Lamps" />
        <button>Save</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('a confirmation starts on Cancel, keeps Tab inside, and Escape gives the focus back', async () => {
    const user = userEvent.setup();
    render(<ConfirmHarness />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);

    const dialog = screen.getByRole('alertdialog', { name: 'Delete Item' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).find((button) => dialog.contains(button))!;
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stays open on Escape while busy', async () => {
    const user = userEvent.setup();
    render(<FormHarness busy />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit Name' })).toBeInTheDocument();
  });

  it('a form starts on its first field with the words selected', async () => {
    const user = userEvent.setup();
    render(<FormHarness />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('dialog', { name: 'Edit Name' })).not.toHaveAttribute('aria-describedby');
    expect(name).toHaveFocus();
    await user.keyboard('Chairs');
    expect(name).toHaveValue('Chairs');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
  });
});
