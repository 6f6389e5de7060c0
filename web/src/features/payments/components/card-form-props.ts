export interface CardFormProps {
  /** The intent to confirm; null while a fresh one is being made, so a stale one is never confirmed. */
  clientSecret: string | null;
  billing: { email?: string; name?: string };
  payLabel: string;
  onPaid(): void;
}
