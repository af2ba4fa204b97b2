/** Tenancy and authentication of the assistant operations: see test/tenancy-suite.ts. */
import { tenancySuite } from './test/tenancy-suite.ts';

await tenancySuite('assistant');
