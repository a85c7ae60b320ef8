/** One choice of a select or multiselect: the value sent, the label shown. */
export interface FieldOption {
  value: string;
  label: string;
}

/** Select options whose label is the value. */
export const optionsOf = (values: readonly (string | number)[]): FieldOption[] => values.map((v) => ({ value: String(v), label: String(v) }));
