export * from './audit.ts';
export * from './auth.ts';
export * from './configurations.ts';
export * from './members.ts';
export * from './recovery.ts';
export * from './roles.ts';
export * from './temporaryCards.ts';
export * from './tenancy.ts';
