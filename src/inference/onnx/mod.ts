export { optimizeModelForCpu, type CpuOptimization } from './optimize.ts';
