/** Tenancy and authentication of the people operations: see test/tenancy-suite.ts. */
import { tenancySuite } from './test/tenancy-suite.ts';

await tenancySuite('people');
