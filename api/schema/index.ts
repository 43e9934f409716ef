export * from './errors';
export * from './coords';
export * from './tour';
