export * from './auth.ts';
export * from './members.ts';
export * from './tenancy.ts';
export * from './workstation.ts';
