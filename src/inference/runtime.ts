import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface RuntimeInfo {
  onnxruntimeVersion: string;
  executionProviders: string[];
  warnings: string[];
}

interface Backend {
  name: string;
  bundled: boolean;
}

/** GPU providers that need their own shared library next to the binding unless bundled. */
const PROVIDER_LIBS: Record<string, string> = {
  cuda: 'libonnxruntime_providers_cuda.so',
  tensorrt: 'libonnxruntime_providers_tensorrt.so',
};

/**
 * What ONNX Runtime can run here. Loaded lazily so that a broken native binding degrades to a warning in
 * Health instead of killing the process. WebGPU is left out: it needs a GPU adapter Node cannot promise.
 */
export async function probeRuntime(): Promise<RuntimeInfo> {
  try {
    const ort = await import('onnxruntime-node');
    const backends = ort.listSupportedBackends() as Backend[];
    const bindingDir = findBindingDir();
    const usable = backends.filter((b) => isUsable(b, bindingDir)).map((b) => b.name);
    // Prefer GPU providers: callers pass this list in order to InferenceSession.create.
    usable.sort((a, b) => Number(a === 'cpu') - Number(b === 'cpu'));
    return { onnxruntimeVersion: ort.env.versions.node ?? ort.env.versions.common, executionProviders: usable, warnings: [] };
  } catch (err) {
    return { onnxruntimeVersion: '', executionProviders: [], warnings: [`onnxruntime-node failed to load: ${(err as Error).message}`] };
  }
}

function isUsable(backend: Backend, bindingDir: string | null): boolean {
  if (backend.name === 'cpu') return true;
  const lib = PROVIDER_LIBS[backend.name];
  if (!lib) return false;
  return backend.bundled || (bindingDir !== null && existsSync(path.join(bindingDir, lib)));
}

function findBindingDir(): string | null {
  try {
    const pkgJson = createRequire(import.meta.url).resolve('onnxruntime-node/package.json');
    const dir = path.join(path.dirname(pkgJson), 'bin', `napi-v6`, process.platform, process.arch);
    return existsSync(dir) ? dir : null;
  } catch {
    return null;
  }
}
