export * from './client';
export * from './content-changes';
export * as schema from './schema/index';
export type { LocalizedText } from './schema/content';
export type { PendingTableAction } from './schema/casino';
