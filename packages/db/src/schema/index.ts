export * from './content';
export * from './accounts';
export * from './wallet';
export * from './cashbox';
export * from './account-extras';
export * from './sports';
export * from './casino';
export * from './bonuses';
