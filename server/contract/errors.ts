/** The one failure body of every API call: every problem listed, `param` only when a field is at fault. */
export type ApiErrorItem = { msg: string; param?: string };
export type ApiErrorBody = { errors: ApiErrorItem[] };
