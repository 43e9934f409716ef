export * from './errors';
export * from './coords';
export * from './tour';
export * from './user';
export * from './requests';
export * from './auth-requests';
export * from './video';
export * from './media';
