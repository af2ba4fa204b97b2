/** Fuzzing of the assistant operations: see test/fuzz-suite.ts. */
import { fuzzSuite } from './test/fuzz-suite.ts';

await fuzzSuite('assistant');
