/** How much of the picture has gone up; shown only while an upload is under way. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="manage-progress">
      <progress max={100} value={percent} aria-label="Upload progress">
        {percent}%
      </progress>
      <span aria-hidden="true">{percent < 100 ? `Uploading… ${percent}%` : 'Saving…'}</span>
    </div>
  );
}
