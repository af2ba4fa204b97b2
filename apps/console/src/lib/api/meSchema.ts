/** The me/ answer's contract, imported on its own by lib/session.ts (a separate chunk). */
export { meSchema } from '@portiere/contracts';
