export * from './envelope.ts';
export * from './entity.ts';
export * from './menu.ts';
export * from './naming.ts';
export * from './settings.ts';
export * from './validation/formats.ts';
export * from './validation/entity-json-schema.ts';
