export * from './engine';
export * from './configs';
