export { optimizeModelForCpu } from './optimize.ts';
export { SPIN_LIMITED_SESSION_CONFIG } from './session-config.ts';
