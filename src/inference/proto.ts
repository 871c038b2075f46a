import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/** Repository root (src/inference/ is two levels down); the .proto, manifest and package.json live there. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROTO_FILE = path.join(REPO_ROOT, 'proto/docintel/inference/v1/inference.proto');

/** Large enough for page images and embedding batches that later RPCs carry. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface InferenceProto {
  service: grpc.ServiceDefinition;
  Client: grpc.ServiceClientConstructor;
}

let loaded: InferenceProto | null = null;

/** Loads the .proto at run time once per process (field names kept as written: snake_case). */
export function loadInferenceProto(): InferenceProto {
  if (loaded) return loaded;
  const definition = protoLoader.loadSync(PROTO_FILE, {
    keepCase: true,
    longs: Number,
    enums: String,
    defaults: true,
    arrays: true,
    oneofs: true,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the package tree grpc-js builds from the .proto file is untyped.
  const root = grpc.loadPackageDefinition(definition) as any;
  const Client = root.docintel.inference.v1.InferenceService as grpc.ServiceClientConstructor;
  loaded = { service: Client.service, Client };
  return loaded;
}
