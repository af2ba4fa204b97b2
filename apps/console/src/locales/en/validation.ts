import { VALIDATION } from '@portiere/contracts';

/** Field messages keyed like the contract's FieldError.key. */
export const validation = { ...VALIDATION };
