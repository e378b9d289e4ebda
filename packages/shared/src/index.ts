export * from './locales';
export * from './constants';
export * from './errors';
export * from './contracts/content';
export * from './money';
export * from './odds';
export * from './contracts/sports';
export * from './sports/top-offer';
