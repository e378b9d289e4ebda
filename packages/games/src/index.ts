export * from './fair';
export * from './multiplier';
export * from './dice';
export * from './slot';
export * from './plinko';
export * from './rounds';
export * from './simulation';
export * from './slots';
