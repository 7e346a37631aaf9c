import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../button';
import { useT } from '../../i18n/use-t';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** Holds the confirm button back (e.g. while what the dialog shows is loading); Cancel stays. */
  confirmDisabled?: boolean;
  /** More to read or choose before confirming, between the message and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * An in-page confirmation on the native modal <dialog>: the browser keeps focus inside it, Escape
 * cancels, and focus goes back to the button that opened it. Cancel comes first, so it has focus:
 * a stray Enter never deletes anything.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  confirmDisabled = false,
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="manage-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        // Escape: let React state close the dialog, so state and DOM never disagree.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="manage-dialog__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      {children}
      <div className="manage-dialog__actions">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('manage.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy || confirmDisabled}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
