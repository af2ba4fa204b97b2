/** Tenancy and authentication of the account operations: see test/tenancy-suite.ts. */
import { tenancySuite } from './test/tenancy-suite.ts';

await tenancySuite('account');
