export * from './auth.ts';
export * from './constants.ts';
export * from './credentials.ts';
export * from './customers.ts';
export * from './errors.ts';
export * from './members.ts';
export * from './settings.ts';
export * from './workstation.ts';
