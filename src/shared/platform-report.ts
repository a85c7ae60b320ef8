import * as v from 'valibot';

// The platform check's report (`npm run check-platform`, Help > Check this server): what each read
// call of the contract answered and which fields of its records do not match the schemas.

export const FieldMismatchSchema = v.object({
  /** The field's path in a record ('language', 'options.*.option'). */
  field: v.string(),
  expected: v.string(),
  /** Records where it did not match. */
  count: v.number(),
  /** One value it held; withheld for secret or personal fields. */
  example: v.string(),
});
export type FieldMismatch = v.InferOutput<typeof FieldMismatchSchema>;

export const CallReportSchema = v.object({
  call: v.string(),
  /** 'ok' (2xx), an HTTP status, 'failed' (no answer), or 'skipped' (nothing to ask about). */
  status: v.union([v.picklist(['ok', 'failed', 'skipped']), v.number()]),
  ms: v.number(),
  bytes: v.number(),
  records: v.number(),
  partial: v.number(),
  mismatches: v.array(FieldMismatchSchema),
  /** Ids of the records that would show as partly read (the first 10). */
  partialIds: v.optional(v.array(v.string())),
  message: v.optional(v.string()),
});
export type CallReport = v.InferOutput<typeof CallReportSchema>;

export const PlatformReportSchema = v.object({
  server: v.string(),
  calls: v.array(CallReportSchema),
  /** Every call answered and every answer matched its schema. */
  ok: v.boolean(),
  /** The report as text (what the CLI prints). */
  text: v.string(),
});
export type PlatformReport = v.InferOutput<typeof PlatformReportSchema>;
