import { VALIDATION, type ValidationKey } from '@portiere/contracts';

/** Field messages keyed like the contract's FieldError.key: every key the server can send has a phrase. */
export const validation: Record<ValidationKey, string> = { ...VALIDATION };
