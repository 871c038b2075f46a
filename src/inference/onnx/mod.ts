export { optimizeModelForCpu } from './optimize.ts';
