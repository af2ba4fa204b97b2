/** Tenancy and authentication of the integrations operations: see test/tenancy-suite.ts. */
import { tenancySuite } from './test/tenancy-suite.ts';

await tenancySuite('integrations');
