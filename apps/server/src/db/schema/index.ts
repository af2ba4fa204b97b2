export * from './auth.ts';
export * from './tenancy.ts';
