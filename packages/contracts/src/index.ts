export * from './auth.ts';
export * from './constants.ts';
export * from './customers.ts';
export * from './errors.ts';
export * from './settings.ts';
