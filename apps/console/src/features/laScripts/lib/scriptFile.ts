import { SCRIPT_EXTENSIONS, SCRIPT_MAX_BYTES } from '@portiere/contracts';
import { kilobytes } from '../../../lib/format';

export { kilobytes };

/** Sizes are shown and limited in KB (1024 bytes), rounded up: a byte over the limit shows as over. */
export const SCRIPT_MAX_KB = kilobytes(SCRIPT_MAX_BYTES);
export const SCRIPT_EXTENSION_LIST = SCRIPT_EXTENSIONS.join(', ');
/** For the file input's `accept`: the picker offers these first (the form's check still runs). */
export const SCRIPT_ACCEPT = SCRIPT_EXTENSIONS.join(',');
