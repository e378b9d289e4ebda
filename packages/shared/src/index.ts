export * from './locales';
export * from './constants';
export * from './errors';
export * from './contracts/content';
export * from './money';
export * from './odds';
