import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { REPO_ROOT } from '../shared/repo-root.ts';

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
