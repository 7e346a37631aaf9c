/** A log file of the listing; its `_id` is the only way to address it. */
export type LogFile = { _id: string; name: string; size: number; modifiedAt: string };
