/** A short reminder of the Markdown the site understands. */
export function MarkdownHint() {
  return (
    <>
      Markdown: <code>**bold**</code>, <code>*italic*</code>, <code>[link text](https://…)</code>, <code>- </code> for a list; leave a
      blank line between paragraphs.
    </>
  );
}
