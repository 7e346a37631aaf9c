/** Problems that belong to no one field, read out as they appear. */
export function FormProblems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="clients-problem" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** Focus the first field the server found fault with, else the first problem shown. */
export function focusFirstProblem(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[role="alert"]');
  if (target && !target.hasAttribute('tabindex') && target.getAttribute('role') === 'alert') target.setAttribute('tabindex', '-1');
  target?.focus();
}
