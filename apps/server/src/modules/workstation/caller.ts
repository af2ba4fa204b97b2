/** Who calls the workstation API: the key it authenticated with, and the machine it signs in at. */
import type { WorkstationKeyRow } from './keys.ts';

export interface WorkstationCaller {
  key: WorkstationKeyRow;
  /** The key's own machine, or the one a fleet key's call named. */
  machine: string;
}
