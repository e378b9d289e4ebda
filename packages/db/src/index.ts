export * from './client';
export * as schema from './schema/index';
export type { LocalizedText } from './schema/content';
export * from './seed/index';
