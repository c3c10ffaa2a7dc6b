export { routes } from './routes';
export { PATHS, returnPath, type ReturnToState } from './paths';
export { SignedInLayout } from './SignedInLayout';
export { SignedOutLayout } from './SignedOutLayout';
